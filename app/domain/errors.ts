// Message of a failed request (public-site §8, admin §7).

/** The status code, a colon, a space, then the response text (or the status text if the body is empty). */
export function requestErrorMessage(status: number, statusText: string, bodyText: string): string {
  return `${status}: ${bodyText || statusText}`;
}
