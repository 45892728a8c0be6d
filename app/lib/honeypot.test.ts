import { describe, expect, it } from "vitest";

import { HONEYPOT_FIELD, isHoneypotFilled } from "./honeypot";

describe("honeypot", () => {
  it("passes a form whose trap field is empty or missing", () => {
    const form = new FormData();
    expect(isHoneypotFilled(form)).toBe(false);
    form.set(HONEYPOT_FIELD, "");
    expect(isHoneypotFilled(form)).toBe(false);
  });

  it("catches a form whose trap field was filled in", () => {
    const form = new FormData();
    form.set(HONEYPOT_FIELD, "Bot McBotface");
    expect(isHoneypotFilled(form)).toBe(true);
  });
});
