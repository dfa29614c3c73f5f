import { describe, expect, it } from "vitest";
import { loginErrorMessage, loginErrorPath } from "./login-errors";

describe("login error parameter (admin §8)", () => {
  it.each([
    ["unauthorized", "Your email address is not authorized to access the admin panel."],
    ["oauth_error", "OAuth authentication failed. Please try again."],
    ["no_code", "No authorization code received from Google."],
    ["token_exchange", "Failed to exchange authorization code for tokens."],
    ["no_email", "No email address found in your Google profile."],
    ["callback_error", "An error occurred during the authentication callback."],
  ])("%s → %s", (code, message) => {
    expect(loginErrorMessage(code)).toBe(message);
  });

  it("shows nothing for a missing or unknown value, never echoing it", () => {
    expect(loginErrorMessage(null)).toBeNull();
    expect(loginErrorMessage("")).toBeNull();
    expect(loginErrorMessage("<script>")).toBeNull();
    expect(loginErrorMessage("toString")).toBeNull();
  });

  it("builds the login path with the error parameter", () => {
    expect(loginErrorPath("no_code")).toBe("/admin/login?error=no_code");
  });
});
