// The error a promise rejects with, for tests of clients whose failures are typed errors.
import { expect } from "vitest";

/** The error `promise` rejects with; the test fails unless it rejects with an `ErrorClass`. */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  ErrorClass: abstract new (...args: never[]) => E,
): Promise<E> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ErrorClass);
  return error as E;
}
