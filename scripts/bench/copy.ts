// PostgreSQL's COPY over node-postgres, for the bench's yardstick of the CSV import (issue #26: the import's rate
// against a plain COPY of the same rows). node-postgres runs COPY through a 'submittable' query object that
// handles the protocol's copy messages itself (as the pg-copy-streams package does); this is the least of one.
import type pg from "pg";

interface CopyConnection {
  query(text: string): void;
  sendCopyFromChunk(chunk: Buffer): void;
  endCopyFrom(): void;
}

/** Sends one COPY statement: `data` to a COPY … FROM STDIN, or collects what a COPY … TO STDOUT sends. */
class CopyQuery {
  private readonly received: Buffer[] = [];
  private failure: Error | undefined;
  readonly done: Promise<Buffer>;
  private settle!: { resolve: (b: Buffer) => void; reject: (e: Error) => void };

  constructor(
    private readonly text: string,
    private readonly data?: Buffer,
  ) {
    this.done = new Promise((resolve, reject) => (this.settle = { resolve, reject }));
  }

  submit(connection: pg.Connection) {
    (connection as unknown as CopyConnection).query(this.text);
  }

  handleCopyInResponse(connection: CopyConnection) {
    const data = this.data ?? Buffer.alloc(0);
    for (let at = 0; at < data.length; at += 1 << 20) connection.sendCopyFromChunk(data.subarray(at, at + (1 << 20)));
    connection.endCopyFrom();
  }

  handleCopyData(message: { chunk: Buffer }) {
    // A view into the parser's buffer, which the next message overwrites: copied.
    this.received.push(Buffer.from(message.chunk));
  }

  handleCommandComplete() {}

  handleError(error: Error) {
    this.failure ??= error;
    this.settle.reject(error);
  }

  handleReadyForQuery() {
    if (this.failure) this.settle.reject(this.failure);
    else this.settle.resolve(Buffer.concat(this.received));
  }
}

function copy(client: pg.Client, text: string, data?: Buffer): Promise<Buffer> {
  const query = new CopyQuery(text, data);
  client.query(query);
  return query.done;
}

/** The rows a `COPY (…) TO STDOUT` sends, in COPY's text format. */
export const copyOut = (client: pg.Client, text: string) => copy(client, text);

/** `COPY … FROM STDIN` with rows in COPY's text format. */
export const copyIn = (client: pg.Client, text: string, rows: Buffer) => copy(client, text, rows).then(() => {});
