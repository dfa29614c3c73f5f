import { describe, expect, it } from "vitest";
import { daysText, hostOf } from "./legal";

describe("legal page facts", () => {
  it("names the host a configured URL reaches", () => {
    expect(hostOf("https://ipapi.co/json/")).toBe("ipapi.co");
    expect(hostOf("https://tiles.openfreemap.org/styles/liberty")).toBe("tiles.openfreemap.org");
    expect(hostOf("http://127.0.0.1:4100/style.json")).toBe("127.0.0.1:4100");
    expect(hostOf("not a url")).toBe("not a url");
  });

  it("says a cookie's lifetime in days", () => {
    expect(daysText(30 * 24 * 60 * 60)).toBe("30 days");
    expect(daysText(7 * 24 * 60 * 60)).toBe("7 days");
    expect(daysText(24 * 60 * 60)).toBe("1 day");
  });
});
