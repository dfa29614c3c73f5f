// The admin login error parameter (admin §8 "Login error parameter"): /admin/login?error=<code>.

export const LOGIN_ERROR_MESSAGES = {
  unauthorized: "Your email address is not authorized to access the admin panel.",
  oauth_error: "OAuth authentication failed. Please try again.",
  no_code: "No authorization code received from Google.",
  token_exchange: "Failed to exchange authorization code for tokens.",
  no_email: "No email address found in your Google profile.",
  callback_error: "An error occurred during the authentication callback.",
  // Not in the spec's table: sign-in attempts are rate-limited (issue 5, Security).
  rate_limited: "Too many sign-in attempts. Please wait a minute and try again.",
} as const;

export type LoginErrorCode = keyof typeof LOGIN_ERROR_MESSAGES;

export function isLoginErrorCode(value: string | null | undefined): value is LoginErrorCode {
  return !!value && Object.hasOwn(LOGIN_ERROR_MESSAGES, value);
}

/** The banner text for an error parameter; unknown values show nothing rather than echo the URL. */
export function loginErrorMessage(value: string | null | undefined): string | null {
  return isLoginErrorCode(value) ? LOGIN_ERROR_MESSAGES[value] : null;
}

export const ADMIN_LOGIN_PATH = "/admin/login";

export function loginErrorPath(code: LoginErrorCode): string {
  return `${ADMIN_LOGIN_PATH}?${new URLSearchParams({ error: code })}`;
}

/** The 'Login Error' toast (admin §8) shown when the Google flow cannot start. */
export const LOGIN_INIT_FAILED_TOAST = {
  title: "Login Error",
  description: "Failed to initialize Google login",
  variant: "destructive",
} as const;
