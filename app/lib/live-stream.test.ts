import { describe, expect, it } from "vitest";

import { sseEvent, StreamCaps, streamCursor } from "./live-stream";

const ID = "0b7e6d1c-3f1a-4c55-9a8e-2d4b6f0e9a11";

describe("streamCursor", () => {
  it("prefers Last-Event-ID, a reconnect's, to the first connection's ?after=", () => {
    const other = "5f0c1b2a-9d8e-4f7a-b6c5-d4e3f2a1b0c9";
    expect(streamCursor(ID, other)).toBe(ID);
    expect(streamCursor(null, other)).toBe(other);
    expect(streamCursor(` ${ID.toUpperCase()} `, null)).toBe(ID);
  });

  it("takes anything but a message id as no cursor", () => {
    expect(streamCursor("", "")).toBeNull();
    expect(streamCursor("42", null)).toBeNull();
    expect(streamCursor(`${ID}' or 1=1`, null)).toBeNull();
    expect(streamCursor("not-a-uuid", ID)).toBe(ID);
    expect(streamCursor(null, null)).toBeNull();
  });
});

describe("StreamCaps", () => {
  it("refuses past the per-address cap, and counts the place again once released", () => {
    const caps = new StreamCaps(() => ({ max: 10, perAddress: 2 }));
    const first = caps.take("203.0.113.1");
    const second = caps.take("203.0.113.1");
    expect(caps.take("203.0.113.1")).toEqual({ refused: "address" });
    expect("release" in caps.take("203.0.113.2")).toBe(true);
    if (!("release" in first) || !("release" in second)) throw new Error("refused");
    first.release();
    first.release();
    expect(caps.size).toBe(2);
    expect("release" in caps.take("203.0.113.1")).toBe(true);
  });

  it("refuses past the instance's cap whoever asks; staff count in all only", () => {
    const caps = new StreamCaps(() => ({ max: 3, perAddress: 1 }));
    caps.take(null);
    caps.take(null);
    caps.take("203.0.113.1");
    expect(caps.take("203.0.113.9")).toEqual({ refused: "instance" });
    expect(caps.take(null)).toEqual({ refused: "instance" });
  });
});

describe("sseEvent", () => {
  it("writes one event with its id, the data on a single line", () => {
    expect(sseEvent("message", { text: "a\nb" }, ID)).toBe(`id: ${ID}\nevent: message\ndata: {"text":"a\\nb"}\n\n`);
    expect(sseEvent("handoff", { status: "staff" })).toBe(`event: handoff\ndata: {"status":"staff"}\n\n`);
  });
});
