import { request } from "node:http";

/**
 * What a phone's browser sends with a page request. The load, the baseline's captured responses
 * and every request of the bench use these, so the app compresses exactly as it would for a visitor.
 */
export const BROWSER_HEADERS = {
  "User-Agent":
    "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br",
  "Accept-Language": "en-US,en;q=0.9",
} as const;

/** Headers that belong to one connection, not to the response: the baseline sets its own. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "transfer-encoding", "date", "content-length"]);

export interface RawResponse {
  status: number;
  /** Response headers without the per-connection ones, as received (several Set-Cookie kept). */
  headers: Record<string, string | string[]>;
  /** The body exactly as sent, still compressed. */
  body: Buffer;
}

/** A GET that keeps the body's bytes as they came (fetch would decompress them). */
export function rawGet(url: string, headers: Record<string, string> = BROWSER_HEADERS): Promise<RawResponse> {
  return rawRequest(url, headers);
}

/** A form post whose answer is kept as rawGet keeps a page's. */
export function rawPost(url: string, headers: Record<string, string>, body: string): Promise<RawResponse> {
  return rawRequest(url, headers, body);
}

function rawRequest(url: string, headers: Record<string, string>, body?: string): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const method = body === undefined ? "GET" : "POST";
    request(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const kept: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) kept[name] = value;
        }
        resolve({ status: response.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks) });
      });
    })
      .on("error", reject)
      .end(body);
  });
}

/** The `name=value` pairs of a response's Set-Cookie headers, merged into a jar. */
export function keepCookies(jar: Map<string, string>, response: Response): void {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const at = pair.indexOf("=");
    if (at > 0) jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
}

export function cookieHeader(jar: Map<string, string>): string {
  return [...jar].map(([name, value]) => `${name}=${value}`).join("; ");
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
