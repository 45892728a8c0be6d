import { describe, expect, it } from "vitest";
import { CHAT_TEXT } from "~/copy/chat";
import { replyText } from "./reply.server";

describe("replyText", () => {
  it("ignores empty and non-text fields", () => {
    expect(replyText(JSON.stringify({ response: "  ", message: 42, output: "used" }))).toBe("used");
    expect(replyText("")).toBe(CHAT_TEXT.defaultReply);
    expect(replyText("null")).toBe(CHAT_TEXT.defaultReply);
  });
});
