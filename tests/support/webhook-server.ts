import { createServer, type IncomingMessage, type ServerResponse } from "node:http";

// A real HTTP server on 127.0.0.1 that plays a webhook (or any outside service) in tests and
// records what it received.

export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingMessage["headers"];
  body: Buffer;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

export type Handler = (request: ReceivedRequest, response: ServerResponse) => void;

export interface TestServer {
  url: string;
  received: ReceivedRequest[];
  close: () => Promise<void>;
}

export async function startTestServer(handler: Handler): Promise<TestServer> {
  const received: ReceivedRequest[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const body = Buffer.concat(chunks);
      let json: unknown;
      try {
        json = JSON.parse(body.toString("utf8"));
      } catch {
        json = undefined;
      }
      const request = { method: req.method ?? "", path: req.url ?? "", headers: req.headers, body, json };
      received.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function answerJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(body));
}

/** A webhook that answers with text made from the message it got, whoever's test sent it. */
export function echoWebhook(request: ReceivedRequest, response: ServerResponse): void {
  const message = (request.json as { message?: unknown } | undefined)?.message;
  answerJson(response, 200, { response: `Echo: ${String(message)}` });
}
