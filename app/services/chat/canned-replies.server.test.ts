import { describe, expect, it } from "vitest";

import { productText } from "../../../tests/support/product-text";
import { cannedReply } from "./canned-replies.server";

describe("canned replies", () => {
  it.each([
    ["How much does it cost?", null, /\$199.*\$599/],
    ["What's the PRICE?", null, /\$199.*\$599/],
    ["Tell me about automation", null, /Zapflow is a workflow automation tool/],
    ["Is zapflow any good?", null, /Zapflow is a workflow automation tool/],
    ["Do you support webhooks?", null, /webhooks and APIs/],
    ["Any integration with my CRM?", null, /Which systems would you like to integrate/],
    [productText("🎤 Voice message"), "voice", /voice message/],
    [productText("📷 Image sent"), "image", /Thanks for the image/],
    ["Hello", null, /^Hello! I can help you with Zapflow automation/],
  ] as const)("%s (%s)", (message, mediaType, expected) => {
    expect(cannedReply(message, mediaType, "Zapflow")).toMatch(expected);
  });

  it("checks the keywords in the spec's order", () => {
    expect(cannedReply("automation price", null, "Zapflow")).toMatch(/\$199/);
    expect(cannedReply("webhook automation", null, "Zapflow")).toMatch(/workflow automation tool/);
    expect(cannedReply("integration", "voice", "Zapflow")).toMatch(/webhooks and APIs/);
  });
});
