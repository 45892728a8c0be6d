import { createContext, useContext } from "react";

// The CSP nonce of the current request, for the script tags React renders on the server.
// In the browser, and on a page rendered for the page cache, there is none: scripts added after
// hydration are trusted through 'strict-dynamic', a cached page's inline scripts by their hashes.
const NonceContext = createContext<string | undefined>(undefined);

export const NonceProvider = NonceContext.Provider;

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
