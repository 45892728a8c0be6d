import { describe, expect, it } from "vitest";

import { messengerUrl, whatsappUrl } from "./messaging";

describe("messaging links", () => {
  it("keeps only the digits of the WhatsApp number and prefills the message", () => {
    const url = whatsappUrl("+1 (555) 010-2030", "n8n");
    expect(url).toBe(
      "https://wa.me/15550102030?text=" +
        encodeURIComponent("Hi! I'm interested in your n8n automation services. Can you help me?"),
    );
    expect(whatsappUrl("", "n8n")).toBeNull();
    expect(whatsappUrl(null, "n8n")).toBeNull();
  });

  it("accepts only http(s) Messenger links", () => {
    expect(messengerUrl("https://m.me/agency")).toBe("https://m.me/agency");
    expect(messengerUrl("javascript:alert(1)")).toBeNull();
    expect(messengerUrl("")).toBeNull();
  });
});
