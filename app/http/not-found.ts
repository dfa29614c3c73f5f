// The one way a page says 'not found': a 404 thrown as data from a loader or a middleware, carrying what the
// route's 404 handler (GeneralErrorBoundary's statusHandlers) needs to say which thing is missing:
// `if (!city) throw notFound({ cityId })`.
import { data } from "react-router";

export function notFound<Payload = null>(payload: Payload = null as Payload, init: { headers?: HeadersInit } = {}) {
  return data(payload, { status: 404, headers: init.headers });
}
