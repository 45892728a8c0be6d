import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

import type { RawResponse } from "./http";

export interface BaselineServer {
  baseUrl: string;
  close: () => Promise<void>;
}

/**
 * The runtime's ceiling: a bare node:http server answering each path (with its query) with the
 * status, headers and compressed bytes the app sent for it, from memory, with no work per request.
 */
export async function startBaselineServer(responses: Map<string, RawResponse>): Promise<BaselineServer> {
  const server: Server = createServer((request, response) => {
    const recorded = responses.get(request.url ?? "");
    if (!recorded) {
      response.writeHead(404, { "Content-Type": "text/plain" }).end("Not recorded");
      return;
    }
    response.writeHead(recorded.status, { ...recorded.headers, "Content-Length": recorded.body.length });
    response.end(recorded.body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
