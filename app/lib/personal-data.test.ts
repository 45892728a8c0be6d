import { describe, expect, it } from "vitest";

import { describeCounts, maskEmail, mentionsEmail, PersonalDataEmailSchema } from "./personal-data";

describe("personal data helpers", () => {
  it("reads an address trimmed and lower-cased, and refuses what is not one", () => {
    expect(PersonalDataEmailSchema.parse("  Alice@Example.COM ")).toBe("alice@example.com");
    expect(PersonalDataEmailSchema.safeParse("alice").success).toBe(false);
    expect(PersonalDataEmailSchema.safeParse("").success).toBe(false);
  });

  it("finds an address mentioned as a whole, in any case, not inside a longer one", () => {
    const email = "alice@example.com";
    expect(mentionsEmail("Write to ALICE@example.com please", email)).toBe(true);
    expect(mentionsEmail("my mail is alice@example.com.", email)).toBe(true);
    expect(mentionsEmail("<alice@example.com>", email)).toBe(true);
    expect(mentionsEmail("xalice@example.com", email)).toBe(false);
    expect(mentionsEmail("alice@example.com.au", email)).toBe(false);
    expect(mentionsEmail("alice@example.community", email)).toBe(false);
    expect(mentionsEmail("xalice@example.com and alice@example.com", email)).toBe(true);
  });

  it("masks an address for the audit log", () => {
    expect(maskEmail("alice@example.com")).toBe("a***@e***.com");
    expect(maskEmail("bob@localhost")).toBe("b***@l***");
  });

  it("describes what was erased", () => {
    expect(describeCounts({ orders: 3, contactMessages: 2, conversations: 1 })).toBe(
      "3 orders, 2 messages, 1 conversation",
    );
    expect(describeCounts({ orders: 1, contactMessages: 0, conversations: 0 })).toBe(
      "1 order, 0 messages, 0 conversations",
    );
  });
});
