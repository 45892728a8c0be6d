import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface ChatBaseline {
  baseUrl: string;
  close: () => Promise<void>;
}

/**
 * The runtime's floor for a chat message: a bare node:http server, in the bench's own process,
 * that does only what any server relaying the message must, with the platform's own tools as the
 * app uses them: reads the multipart form (undici's parser, through a web Response), posts the
 * message to the webhook as JSON with fetch, reads its JSON answer, and answers with one NDJSON
 * line. No database, no framework, no checks.
 */
export async function startChatBaseline(webhookUrl: string): Promise<ChatBaseline> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      void (async () => {
        const form = await new Response(Buffer.concat(chunks), {
          headers: { "Content-Type": request.headers["content-type"] ?? "" },
        }).formData();
        const answer = await fetch(webhookUrl, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ session_id: "baseline", message: form.get("message") }),
        });
        const reply = (await answer.json()) as { response: string };
        response.writeHead(200, { "Content-Type": "application/x-ndjson; charset=utf-8" });
        response.end(`${JSON.stringify({ type: "done", bot: { message: reply.response } })}\n`);
      })().catch((error: unknown) => {
        response.writeHead(500).end(String(error));
      });
    });
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
