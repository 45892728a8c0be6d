import { createContext, RouterContextProvider } from "react-router";

/** What the server entry learns about a request before React Router sees it. */
export interface RequestInfo {
  /** The visitor's address as the server saw it (Fly-Client-IP on Fly.io); for rate limits and logs. */
  clientIp: string;
  /**
   * Per-request nonce that every inline or bundled script tag carries (CSP); none on a page
   * rendered for the page cache, whose policy lists script hashes instead.
   */
  cspNonce?: string;
  /** Set when every visitor would get the same answer: the page cache keeps it under this key. */
  pageCacheKey?: string;
}

export const requestInfoContext = createContext<RequestInfo>({ clientIp: "unknown" });

export function requestContext(info: RequestInfo): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestInfoContext, info);
  return context;
}

export function clientIp(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).clientIp || "unknown";
}
