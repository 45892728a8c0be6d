import { describe, expect, it } from "vitest";

import { productText } from "../../../tests/support/product-text";
import { REPLY_FIELDS, ReplyReader, replyText } from "./reply.server";

const DEFAULT_REPLY = productText("Thank you for your message! Our AI is processing your request.");
const TECHNICAL_DIFFICULTIES = productText(
  "I'm experiencing some technical difficulties right now. Please try again in a moment, or feel free to contact us directly via WhatsApp for immediate assistance.",
);

/** n8n's chunk, as its streaming response writes one: JSON and a line break. */
function chunk(type: string, content?: string, nodeId = "agent", runIndex = 0): string {
  const metadata = { nodeId, nodeName: "AI Agent", timestamp: 1_763_900_000_000, runIndex, itemIndex: 0 };
  return `${JSON.stringify(content === undefined ? { type, metadata } : { type, content, metadata })}\n`;
}

/** Reads `body` cut into pieces of `size` bytes: lines and characters split anywhere. */
function read(body: string, size: number, fields = REPLY_FIELDS["n8n-chat-trigger"]) {
  const reader = new ReplyReader(fields);
  const bytes = Buffer.from(body);
  for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
  return reader.finish();
}

describe("replyText", () => {
  it("ignores empty and non-text fields", () => {
    expect(replyText(JSON.stringify({ response: "  ", message: 42, output: "used" }))).toMatchObject({
      text: "used",
      field: "output",
    });
    expect(replyText("").text).toBe(DEFAULT_REPLY);
    expect(replyText("null").text).toBe(DEFAULT_REPLY);
  });

  it("reads each format's fields in its order, also in a one-element array", () => {
    const both = JSON.stringify([{ response: "spec's", output: "n8n's", text: "text" }]);
    expect(replyText(both, REPLY_FIELDS.website)).toMatchObject({ text: "spec's", field: "response" });
    expect(replyText(both, REPLY_FIELDS["n8n-chat-trigger"])).toMatchObject({ text: "n8n's", field: "output" });
    expect(replyText(JSON.stringify({ text: "only text" }))).toMatchObject({ text: "only text", field: "text" });
  });

  it("never shows raw JSON: an answer without a reply field gives the default reply", () => {
    expect(replyText(JSON.stringify({ executionStarted: true, executionId: "42" }))).toEqual({
      text: DEFAULT_REPLY,
      field: null,
      streamed: false,
    });
  });
});

describe("ReplyReader", () => {
  const twoBlocks =
    chunk("begin") +
    chunk("item", "Grüße, ") +
    chunk("item", "we automate 🚀 invoices.") +
    chunk("end") +
    chunk("begin", undefined, "respond", 1) +
    chunk("item", "Anything else?", "respond", 1) +
    chunk("end", undefined, "respond", 1);

  it("joins the items of each begin…end block, a paragraph per block, however the bytes are cut", () => {
    const expected = "Grüße, we automate 🚀 invoices.\n\nAnything else?";
    // 1 and 3 bytes cut the umlaut and the four-byte emoji in the middle; 7 cuts lines.
    for (const size of [1, 3, 7, 64, 100_000]) {
      expect(read(twoBlocks, size)).toEqual({ text: expected, field: null, streamed: true });
    }
  });

  it("ends a block with the apology at an error chunk, keeping what came before it", () => {
    const body = chunk("begin") + chunk("item", "Let me check") + chunk("error", "Model overloaded") + chunk("end");
    expect(read(body, 5).text).toBe(`Let me check\n\n${TECHNICAL_DIFFICULTIES}`);
    expect(read(chunk("begin") + chunk("error", "boom"), 5).text).toBe(TECHNICAL_DIFFICULTIES);
  });

  it("counts a line that is not JSON as text, and a stream without items as no reply", () => {
    expect(read(chunk("begin") + "plain words\n" + chunk("end"), 4).text).toBe("plain words");
    expect(read(chunk("begin") + chunk("end"), 4)).toEqual({
      text: DEFAULT_REPLY,
      field: null,
      streamed: true,
    });
  });

  it("reads a last line without its line break", () => {
    expect(read(chunk("begin") + chunk("item", "no newline").trimEnd(), 6).text).toBe("no newline");
  });

  it("reads a plain JSON answer whole, pretty-printed or not", () => {
    const pretty = JSON.stringify({ output: "Hello from n8n" }, null, 2);
    expect(read(pretty, 3)).toEqual({ text: "Hello from n8n", field: "output", streamed: false });
    expect(read(JSON.stringify({ output: "one line" }), 5)).toMatchObject({ text: "one line", streamed: false });
  });

  it("has the text streamed so far, for an answer cut off mid-way", () => {
    const reader = new ReplyReader(REPLY_FIELDS["n8n-chat-trigger"]);
    reader.push(Buffer.from(chunk("begin") + chunk("item", "Half an ans")));
    expect(reader.streamedText).toBe("Half an ans");
  });
});
