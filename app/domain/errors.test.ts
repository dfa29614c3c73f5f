import { describe, expect, it } from "vitest";
import { requestErrorMessage } from "./errors";

describe("requestErrorMessage", () => {
  it("uses the response text", () => {
    expect(requestErrorMessage(404, "Not Found", '{"message":"Activity not found"}')).toBe(
      '404: {"message":"Activity not found"}',
    );
  });

  it("falls back to the status text when the body is empty", () => {
    expect(requestErrorMessage(500, "Internal Server Error", "")).toBe("500: Internal Server Error");
  });
});
