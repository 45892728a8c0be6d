import { describe, expect, it } from "vitest";

import { bookingLink } from "./booking";

const ada = { name: "Ada Lovelace", email: "ada+calls@example.com" };

describe("bookingLink", () => {
  it("prefills Cal.com and Calendly pages with the name and email", () => {
    const cal = new URL(bookingLink("https://cal.com/acme/consultation", ada)!);
    expect([cal.searchParams.get("name"), cal.searchParams.get("email")]).toEqual([ada.name, ada.email]);
    const calendly = new URL(bookingLink("https://calendly.com/acme/30min?month=2026-12", ada)!);
    expect(calendly.searchParams.get("month")).toBe("2026-12");
    expect(calendly.searchParams.get("email")).toBe(ada.email);
  });

  it("leaves other providers' pages as they are", () => {
    expect(bookingLink("https://book.example.org/call", ada)).toBe("https://book.example.org/call");
    expect(bookingLink("https://notcal.com/x", ada)).toBe("https://notcal.com/x");
  });

  it("gives nothing without an http(s) page", () => {
    expect(bookingLink(null, ada)).toBeNull();
    expect(bookingLink("javascript:alert(1)", ada)).toBeNull();
    expect(bookingLink("not a url")).toBeNull();
  });
});
