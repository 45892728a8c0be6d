import http from "node:http";
import net, { type AddressInfo } from "node:net";

import { afterEach, expect, it } from "vitest";

import { RequestGate } from "../../server/shutdown";

// Graceful shutdown, at the scale of one connection: what tests/production/
// graceful-shutdown.test.ts sees under load, where the moment a client sends is left to chance.

const servers: http.Server[] = [];
afterEach(() => servers.splice(0).forEach((server) => server.closeAllConnections()));

function get(url: string, agent: http.Agent): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        let body = "";
        response.on("data", (chunk) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode!, body }));
      })
      .on("error", reject);
  });
}

it("answers 503, not a reset, to a request sent on a connection whose previous answer began before the signal", async () => {
  const gate = new RequestGate();
  let finish: (() => void) | undefined;
  const server = http.createServer((req, res) =>
    gate.admit(req, res, () => {
      res.writeHead(200, { "Content-Type": "text/plain" }).write("begun");
      finish = () => res.end(", finished");
    }),
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  const first = get(url, agent);
  await expect.poll(() => finish).toBeDefined();
  const drained = gate.drain(server, 5000);
  finish!();
  // Its answer carried no Connection: close (its headers left before the signal), so the client
  // sends the next request on the same connection the moment it has read it.
  expect(await first).toEqual({ status: 200, body: "begun, finished" });
  expect((await get(url, agent)).status).toBe(503);
  expect(await drained).toBe(0);
  agent.destroy();
});

it("refuses a new connection once it has stopped accepting, and answers 503 on one already open", async () => {
  const gate = new RequestGate();
  const server = http.createServer((req, res) => gate.admit(req, res, () => res.end("served")));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  expect(await get(url, agent)).toEqual({ status: 200, body: "served" });

  // server/main.ts logs "shutting down" when this resolves: whoever reads the line and connects is refused.
  await gate.stopAccepting(server);
  const fresh = new http.Agent({ keepAlive: false });
  await expect(get(url, fresh)).rejects.toMatchObject({ code: "ECONNREFUSED" });
  expect((await get(url, agent)).status).toBe(503);
  agent.destroy();
});

it("reads a request that came while the process was busy before closing the connections", async () => {
  const gate = new RequestGate();
  const server = http.createServer((req, res) => gate.admit(req, res, () => res.end("served")));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const client = net.connect((server.address() as AddressInfo).port, "127.0.0.1");
  let received = "";
  const errors: unknown[] = [];
  client.on("data", (chunk) => (received += chunk)).on("error", (error) => errors.push(error));
  client.write("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n");
  await expect.poll(() => received).toContain("served");

  received = "";
  const drained = gate.drain(server, 5000);
  // Closed to new connections: the drain has begun its quiet second.
  await expect.poll(() => server.listening).toBe(false);
  // Sent, then busy past the end of that second at the end of a turn of the event loop: the next
  // turn finds the drain's timer due and the request unread.
  setImmediate(() => {
    client.write("GET /next HTTP/1.1\r\nHost: localhost\r\n\r\n");
    const busyUntil = Date.now() + 1200;
    while (Date.now() < busyUntil);
  });
  expect(await drained).toBe(0);
  await expect.poll(() => received).toMatch(/^HTTP\/1.1 503 /);
  expect(errors).toEqual([]);
  client.destroy();
});
