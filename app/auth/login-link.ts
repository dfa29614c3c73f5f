/** The path an administrator opens to use a one-time login token. */
export function loginLinkPath(token: string): string {
  return `/admin/login/link/${encodeURIComponent(token)}`;
}

export function loginLinkUrl(origin: string, token: string): string {
  return new URL(loginLinkPath(token), origin).toString();
}
