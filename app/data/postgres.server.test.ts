import { describe, expect, it } from "vitest";
import { DriverAdapterError } from "@prisma/driver-adapter-utils";
import { isConnectionError, isRead, withReadRetry } from "./postgres.server";

const killed = () =>
  Object.assign(new Error("terminating connection due to administrator command"), { code: "57P01", severity: "FATAL" });

describe("isRead", () => {
  it("takes statements that start with SELECT as reads, and nothing else", () => {
    expect(isRead("SELECT 1")).toBe(true);
    expect(isRead('\n      select a.* FROM "Activity" a')).toBe(true);
    for (const sql of ['INSERT INTO "Tag" VALUES (1) RETURNING *', 'UPDATE "Activity" SET x = 1', "BEGIN", "WITH d AS (DELETE FROM t RETURNING *) SELECT * FROM d"]) {
      expect(isRead(sql), sql).toBe(false);
    }
  });
});

describe("isConnectionError", () => {
  it("knows a lost connection from node-postgres and through Prisma's adapter", () => {
    expect(isConnectionError(killed())).toBe(true);
    expect(isConnectionError(new Error("Connection terminated unexpectedly"))).toBe(true);
    expect(isConnectionError(new Error("Client has encountered a connection error and is not queryable"))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("read ECONNRESET"), { code: "ECONNRESET" }))).toBe(true);
    expect(isConnectionError(Object.assign(new Error("x"), { code: "08006" }))).toBe(true);
    const wrapped = new DriverAdapterError({ kind: "postgres", code: "57P01", severity: "FATAL", message: "terminating connection due to administrator command" } as never);
    expect(isConnectionError(wrapped)).toBe(true);
    expect(isConnectionError(new DriverAdapterError({ kind: "ConnectionClosed" }))).toBe(true);
  });

  it("leaves statement errors alone", () => {
    expect(isConnectionError(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isConnectionError(new DriverAdapterError({ kind: "UniqueConstraintViolation", constraint: undefined }))).toBe(false);
    expect(isConnectionError(Object.assign(new Error("canceling statement due to statement timeout"), { code: "57014" }))).toBe(false);
    expect(isConnectionError("Connection terminated")).toBe(false);
  });
});

describe("withReadRetry", () => {
  function failingOnce(error: Error) {
    let calls = 0;
    const run = async () => {
      calls++;
      if (calls === 1) throw error;
      return "rows";
    };
    return { run, calls: () => calls };
  }

  it("runs a read that lost its connection once more", async () => {
    const attempt = failingOnce(killed());
    await expect(withReadRetry("SELECT 1", attempt.run)).resolves.toBe("rows");
    expect(attempt.calls()).toBe(2);
  });

  it("retries only once", async () => {
    let calls = 0;
    const run = async () => {
      calls++;
      throw killed();
    };
    await expect(withReadRetry("SELECT 1", run)).rejects.toThrow(/terminating connection/);
    expect(calls).toBe(2);
  });

  it("never retries a write, nor a read that failed for another reason", async () => {
    const write = failingOnce(killed());
    await expect(withReadRetry('UPDATE "Tag" SET name = $1', write.run)).rejects.toThrow(/terminating/);
    expect(write.calls()).toBe(1);
    const badRead = failingOnce(Object.assign(new Error("syntax error"), { code: "42601" }));
    await expect(withReadRetry("SELECT nonsense", badRead.run)).rejects.toThrow(/syntax error/);
    expect(badRead.calls()).toBe(1);
  });
});
