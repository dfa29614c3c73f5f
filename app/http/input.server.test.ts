import { describe, expect, it } from "vitest";
import {
  BadInput,
  BODY_LIMIT_BYTES,
  JSON_DEPTH_LIMIT,
  jsonNestsDeeperThan,
  readFormInput,
  readJsonInput,
} from "./input.server";

function post(body: BodyInit, type: string | null, headers: Record<string, string> = {}) {
  return new Request("http://localhost/x", {
    method: "POST",
    body,
    headers: { ...(type ? { "Content-Type": type } : {}), ...headers },
    duplex: "half",
  } as RequestInit);
}

async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(BadInput);
  return { status: (error as BadInput).status, message: (error as BadInput).message };
}

/** A body streamed in chunks, without a Content-Length, as a chunked upload is. */
function streamed(bytes: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const chunk = new Uint8Array(Math.min(64_000, bytes - sent)).fill(0x61);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

describe("JSON bodies", () => {
  it("refuses a body nested deeper than the limit with a 400, before parsing it (5,000 levels were a 500)", async () => {
    const deep = `{"a":${"[".repeat(5000)}${"]".repeat(5000)}}`;
    expect(await refusal(readJsonInput(post(deep, "application/json")))).toEqual({
      status: 400,
      message: `Request body must not nest objects or lists more than ${JSON_DEPTH_LIMIT} levels deep`,
    });
    // An unclosed one too (no parse runs, so no 'must be JSON' either way).
    expect((await refusal(readJsonInput(post("[".repeat(1_000_000 - 1), "application/json")))).status).toBe(400);
    const atLimit = `${"[".repeat(JSON_DEPTH_LIMIT)}${"]".repeat(JSON_DEPTH_LIMIT)}`;
    expect(await readJsonInput(post(atLimit, "application/json"))).toBeInstanceOf(Array);
  });

  it("counts only the brackets outside strings", () => {
    expect(jsonNestsDeeperThan(`{"a":"${"[".repeat(100)}"}`, 2)).toBe(false);
    expect(jsonNestsDeeperThan(String.raw`{"a":"\"[[[[","b":[[1]]}`, 3)).toBe(false);
    expect(jsonNestsDeeperThan(String.raw`{"a":"\"[[[[","b":[[[1]]]}`, 3)).toBe(true);
    expect(jsonNestsDeeperThan(`[{}, {}, [{}]]`, 3)).toBe(false);
    expect(jsonNestsDeeperThan(`[{}, {}, [{}]]`, 2)).toBe(true);
  });

  it("parses JSON sent as JSON", async () => {
    expect(await readJsonInput(post('{"title":"Café 🎉"}', "application/json; charset=utf-8"))).toEqual({
      title: "Café 🎉",
    });
  });

  it("refuses another content type (415), broken JSON and bytes that are not UTF-8 (400)", async () => {
    expect(await refusal(readJsonInput(post('{"a":1}', "text/plain")))).toMatchObject({ status: 415 });
    expect(await refusal(readJsonInput(post('{"a":1}', null)))).toMatchObject({ status: 415 });
    expect(await refusal(readJsonInput(post("{nope", "application/json")))).toEqual({
      status: 400,
      message: "Request body must be JSON",
    });
    const latin1 = new Uint8Array([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe9, 0x22, 0x7d]); // {"a":"é"} in Latin-1
    expect(await refusal(readJsonInput(post(latin1, "application/json")))).toMatchObject({ status: 400 });
  });

  it("refuses NUL characters and unpaired surrogates anywhere, naming where", async () => {
    expect(await refusal(readJsonInput(post('{"title":"a\\u0000b"}', "application/json")))).toEqual({
      status: 400,
      message: "title: Text must not contain NUL characters or unpaired surrogates",
    });
    expect(await refusal(readJsonInput(post('{"tags":["ok","\\ud800"]}', "application/json")))).toMatchObject({
      message: expect.stringMatching(/^tags\.1: /),
    });
    expect(await refusal(readJsonInput(post('{"x":"\\udc00 low first"}', "application/json")))).toMatchObject({
      status: 400,
    });
  });

  it("stops reading past the limit: 413 from the declared length, and from a stream without one", async () => {
    const big = "x".repeat(BODY_LIMIT_BYTES + 1);
    expect(await refusal(readJsonInput(post(big, "application/json")))).toMatchObject({ status: 413 });
    const stream = streamed(50_000_000);
    const reading = readJsonInput(post(stream, "application/json"));
    expect(await refusal(reading)).toEqual({ status: 413, message: "The request body is larger than 1 MB" });
  });
});

describe("form bodies", () => {
  it("parses URL-encoded and multipart forms", async () => {
    const form = await readFormInput(post("title=Ryman&tags=A&tags=B", "application/x-www-form-urlencoded"));
    expect(form.getAll("tags")).toEqual(["A", "B"]);
    const multipart = new FormData();
    multipart.set("title", "Ryman");
    const request = new Request("http://localhost/x", { method: "POST", body: multipart });
    expect((await readFormInput(request)).get("title")).toBe("Ryman");
  });

  it("refuses JSON or text sent to a form (415), broken multipart (400) and NUL characters (400)", async () => {
    expect(await refusal(readFormInput(post('{"title":"x"}', "application/json")))).toMatchObject({ status: 415 });
    expect(await refusal(readFormInput(post("title=x", "text/plain")))).toMatchObject({ status: 415 });
    expect(await refusal(readFormInput(post("--nope\r\nbroken", "multipart/form-data; boundary=other")))).toMatchObject(
      { status: 400, message: "The form could not be read" },
    );
    expect(await refusal(readFormInput(post("title=a%00b", "application/x-www-form-urlencoded")))).toMatchObject({
      status: 400,
      message: "title: Text must not contain NUL characters or unpaired surrogates",
    });
  });

  it("refuses a form over the limit (413)", async () => {
    const request = post(streamed(5_000_000), "application/x-www-form-urlencoded");
    expect(await refusal(readFormInput(request))).toMatchObject({ status: 413 });
  });
});
