import { describe, expect, it } from "vitest";
import { acceptedPhone, checkPhone } from "./phone-check";

describe("checkPhone", () => {
  it.each([
    ["(615) 254-1600", "United States", "+1 615 254 1600"],
    ["615-254-1600", "United States", "+1 615 254 1600"],
    ["615.254.1600", "United States", "+1 615 254 1600"],
    ["6152541600", "United States", "+1 615 254 1600"],
    ["1-615-254-1600", "United States", "+1 615 254 1600"],
    ["+1 (615) 254-1600", "United States", "+1 615 254 1600"],
    ["(615) 254-1600 ext. 12", "United States", "+1 615 254 1600 ext. 12"],
    ["020 7219 3000", "United Kingdom", "+44 20 7219 3000"],
    ["224 372 434", "Czech Republic", "+420 224 372 434"],
    ["04 366 8888", "United Arab Emirates", "+971 4 366 8888"],
    ["050 123 4567", "United Arab Emirates", "+971 50 123 4567"],
    ["601 3830300", "Colombia", "+57 601 3830300"],
    ["310 1234567", "Colombia", "+57 310 1234567"],
    ["212-6000", "Panama", "+507 212 6000"],
    ["416-869-1234", "Canada", "+1 416 869 1234"],
    // A number written with its country code is read as that country's, whatever the activity's country.
    ["+442072193000", "United States", "+44 20 7219 3000"],
  ])("%s (%s) is valid, offered as %s", (number, country, international) => {
    const check = checkPhone(number, country);
    expect(check.phoneStatus).toBe("valid_format");
    expect(check.phoneNormalized).toBe(international);
    expect(check.e164).toBe(international.replace(/ ext\. \d+$/, "").replace(/\s/g, ""));
  });

  it("offers nothing when the number is already in international format", () => {
    expect(checkPhone("+1 615 254 1600", "United States")).toEqual({
      phoneStatus: "valid_format",
      e164: "+16152541600",
      phoneNormalized: null,
    });
  });

  it.each([
    ["12345", "United States"],
    ["555-1234", "United States"],
    ["123-456-7890", "United States"],
    ["000-000-0000", "United States"],
    ["call us", "United States"],
    ["+44 20 1234", "United Kingdom"],
    ["020 7219", "United Kingdom"],
    ["+420 12", "Czech Republic"],
    ["22 437", "Czech Republic"],
    ["04 366", "United Arab Emirates"],
    ["+57 1 3830300", "Colombia"],
    ["212", "Panama"],
    ["416-555", "Canada"],
  ])("%s (%s) is invalid_format, with nothing offered", (number, country) => {
    const check = checkPhone(number, country);
    expect(check.phoneStatus).toBe("invalid_format");
    expect(check.phoneNormalized).toBeNull();
  });

  it("reads a local number of a country the list does not know only with its country code", () => {
    expect(checkPhone("615-254-1600", "Atlantis").phoneStatus).toBe("invalid_format");
    expect(checkPhone("+1 615-254-1600", "Atlantis").phoneStatus).toBe("valid_format");
  });
});

describe("acceptedPhone", () => {
  it("stores the offer when the stored number is still the one checked", () => {
    expect(acceptedPhone("(615) 254-1600", "+1 615 254 1600", "United States")).toBe("+1 615 254 1600");
  });

  it("refuses an offer for a number edited since, or without an offer", () => {
    expect(acceptedPhone("(615) 254-1700", "+1 615 254 1600", "United States")).toBeNull();
    expect(acceptedPhone("(615) 254-1600 ext. 3", "+1 615 254 1600", "United States")).toBeNull();
    expect(acceptedPhone(null, "+1 615 254 1600", "United States")).toBeNull();
    expect(acceptedPhone("(615) 254-1600", null, "United States")).toBeNull();
  });
});
