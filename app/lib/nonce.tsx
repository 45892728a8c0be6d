import { createContext, useContext } from "react";

// The CSP nonce of the current request, for the script tags React renders on the server.
// In the browser it is empty: scripts added after hydration are trusted through 'strict-dynamic'.
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
