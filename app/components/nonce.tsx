// The response's Content-Security-Policy nonce (app/http/csp.ts), for the document's own script tags. The server
// renders with it; in the browser it is empty (browsers hide nonces from the page anyway).
import { createContext, useContext } from "react";

const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
