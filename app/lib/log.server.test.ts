import { afterEach, describe, expect, it, vi } from "vitest";
import { log } from "./log.server";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

afterEach(() => vi.restoreAllMocks());

describe("the request log", () => {
  it("writes the lines of one turn of the event loop together, in one write, at its end", async () => {
    const writes: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (writes.push(String(chunk)), true));
    for (const path of ["/", "/services", "/order"]) log.request({ method: "GET", path, status: 200 });
    expect(writes).toEqual([]);
    await nextTurn();
    expect(writes).toHaveLength(1);
    const lines = writes[0]
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.path)).toEqual(["/", "/services", "/order"]);
    for (const line of lines) {
      expect(line).toMatchObject({ level: "info", msg: "request", method: "GET", status: 200 });
      expect(new Date(String(line.time)).getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
  });

  it("writes waiting request lines before any other line, so the order holds", async () => {
    const written: string[] = [];
    vi.spyOn(process.stdout, "write").mockImplementation((chunk) => (written.push(String(chunk)), true));
    vi.spyOn(console, "error").mockImplementation((line: unknown) => void written.push(String(line)));
    log.request({ method: "POST", path: "/order", status: 500 });
    log.error("storing an order form post failed");
    expect(written.map((line) => JSON.parse(line.trimEnd()).msg)).toEqual([
      "request",
      "storing an order form post failed",
    ]);
    await nextTurn();
    expect(written).toHaveLength(2);
  });
});
