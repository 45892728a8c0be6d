import { CHAT_TEXT } from "~/copy/chat";
import type { WebhookPayloadFormat } from "~/lib/domain";

/**
 * Where each payload format's answers keep the reply text, first found first: the spec's fields
 * for the Website format (docs/product.md §8), n8n's for a Chat Trigger (its AI Agent answers
 * with output; docs/integrations.md, "Chat").
 */
export const REPLY_FIELDS: Record<WebhookPayloadFormat, readonly string[]> = {
  website: ["response", "message", "output", "text"],
  "n8n-chat-trigger": ["output", "text", "response", "message"],
};

/**
 * The reply text of a JSON answer, also inside a one-element array, and the field it was read
 * from; docs/product.md §8's default reply when there is none. Raw JSON is never the reply.
 */
export function replyText(body: string, fields: readonly string[] = REPLY_FIELDS.website): Reply {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return { text: CHAT_TEXT.defaultReply, field: null, streamed: false };
  }
  const answer = Array.isArray(parsed) ? parsed[0] : parsed;
  // docs/integrations.md, "Chat": `"handoff": true` beside the reply hands the conversation to staff.
  const handoff = wantsHandoff(answer) ? { handoff: true as const } : {};
  if (answer && typeof answer === "object") {
    for (const field of fields) {
      const value = (answer as Record<string, unknown>)[field];
      if (typeof value === "string" && value.trim()) return { text: value, field, streamed: false, ...handoff };
    }
  }
  return { text: CHAT_TEXT.defaultReply, field: null, streamed: false, ...handoff };
}

function wantsHandoff(value: unknown): boolean {
  return Boolean(value && typeof value === "object" && (value as { handoff?: unknown }).handoff === true);
}

export interface Reply {
  text: string;
  /** The answer's field the text came from; null for the default reply or a stream. */
  field: string | null;
  streamed: boolean;
  /** The answer asked to hand the conversation to staff, after this reply. */
  handoff?: true;
}

interface StreamChunk {
  type: "begin" | "item" | "end" | "error";
  content?: unknown;
  handoff?: unknown;
}

const CHUNK_TYPES = new Set(["begin", "item", "end", "error"]);

function streamChunk(line: string): StreamChunk | null {
  try {
    const value: unknown = JSON.parse(line);
    if (value && typeof value === "object" && CHUNK_TYPES.has((value as StreamChunk).type)) return value as StreamChunk;
  } catch {
    // Not JSON: in a stream it is text (what n8n's widget does with such a line).
  }
  return null;
}

/**
 * Reads an answer as it arrives: n8n's streaming format (NDJSON of begin/item/end/error chunks,
 * whatever its Content-Type says) or a plain JSON answer, told apart by the first line. Chunks may
 * split lines and UTF-8 characters anywhere. An answer may hold several begin…end blocks (several
 * nodes or runs): each is a paragraph of the reply, and an error chunk ends its block with the
 * canned apology.
 */
export class ReplyReader {
  private readonly decoder = new TextDecoder();
  private body = "";
  /** Text after the last line break, not yet read as a line. */
  private partial = "";
  private format: "unknown" | "stream" | "json" = "unknown";
  private readonly blocks: string[] = [];
  private inBlock = false;
  private handoff = false;

  constructor(private readonly fields: readonly string[]) {}

  push(chunk: Uint8Array): void {
    const text = this.decoder.decode(chunk, { stream: true });
    this.body += text;
    if (!this.mayStream()) return;
    this.partial += text;
    for (let end = this.partial.indexOf("\n"); end >= 0 && this.mayStream(); end = this.partial.indexOf("\n")) {
      const line = this.partial.slice(0, end);
      this.partial = this.partial.slice(end + 1);
      this.readLine(line);
    }
  }

  /** Until its first line says otherwise, an answer may be a stream. */
  private mayStream(): boolean {
    return this.format !== "json";
  }

  /** The text streamed so far (empty for a JSON answer, which is read whole). */
  get streamedText(): string {
    return this.blocks.filter(Boolean).join("\n\n");
  }

  /** The reply, once the answer has ended (or was cut off: what came of it). */
  finish(): Reply {
    const rest = this.decoder.decode();
    this.body += rest;
    if (this.mayStream()) this.readLine(this.partial + rest);
    if (this.format !== "stream") return replyText(this.body, this.fields);
    // A stream without any text: the workflow did not stream a reply.
    const text = this.streamedText || CHAT_TEXT.defaultReply;
    return { text, field: null, streamed: true, ...(this.handoff ? { handoff: true as const } : {}) };
  }

  private readLine(line: string): void {
    if (!line.trim()) return;
    const chunk = streamChunk(line);
    if (this.format === "unknown") this.format = chunk ? "stream" : "json";
    if (this.format === "json") return;
    if (!chunk) return this.append(line);
    if (wantsHandoff(chunk)) this.handoff = true;
    switch (chunk.type) {
      case "begin":
        this.openBlock();
        return;
      case "item":
        return this.append(typeof chunk.content === "string" ? this.itemText(chunk.content) : "");
      case "end":
        this.inBlock = false;
        return;
      case "error":
        this.append(`${this.inBlock && this.blocks.at(-1) ? "\n\n" : ""}${CHAT_TEXT.technicalDifficulties}`);
        this.inBlock = false;
    }
  }

  /**
   * n8n's Respond to Webhook node streams its body as one item: `{"output": …, "handoff": true}`
   * is read as a reply and a handover, not shown as JSON.
   */
  private itemText(content: string): string {
    if (!content.trimStart().startsWith("{")) return content;
    try {
      const body: unknown = JSON.parse(content);
      if (!wantsHandoff(body)) return content;
      this.handoff = true;
      const text = this.fields
        .map((field) => (body as Record<string, unknown>)[field])
        .find((v) => typeof v === "string");
      return typeof text === "string" ? text : "";
    } catch {
      return content;
    }
  }

  private openBlock(): void {
    this.blocks.push("");
    this.inBlock = true;
  }

  private append(text: string): void {
    if (!this.inBlock) this.openBlock();
    this.blocks[this.blocks.length - 1] += text;
  }
}
