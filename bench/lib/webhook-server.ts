import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface WebhookServer {
  url: string;
  /** How long the webhook took with each message (by its text), from its request to its answer, in ms. */
  handlingMs: Map<string, number>;
  close: () => Promise<void>;
}

export const WEBHOOK_REPLY = "Bench webhook reply";

/** A chat webhook on 127.0.0.1 that answers at once, as n8n's AI agent answers, and times itself. */
export async function startWebhookServer(): Promise<WebhookServer> {
  const handlingMs = new Map<string, number>();
  const server = createServer((request, response) => {
    const startedAt = performance.now();
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      let message = "";
      try {
        message = String((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { message?: unknown }).message);
      } catch {
        // An unreadable payload still gets its answer; the bench then finds no time for it.
      }
      response.writeHead(200, { "Content-Type": "application/json" });
      response.end(JSON.stringify({ response: WEBHOOK_REPLY, success: true }), () => {
        handlingMs.set(message, performance.now() - startedAt);
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/webhook/chat`,
    handlingMs,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
