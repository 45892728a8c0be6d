import { describe, expect, it } from "vitest";

import { productText } from "../../tests/support/product-text";
import { handoffStatus, liveChatAvailability, toHandoffView, waitedFor } from "./handoff";

const at = (iso: string) => new Date(iso);
// Monday to Friday, 09:00 to 17:00; Saturday and Sunday closed.
const WEEKDAYS = [...Array.from({ length: 5 }, () => ({ opens: "09:00", closes: "17:00" })), null, null];
const BERLIN = "Europe/Berlin";

describe("handoffStatus", () => {
  const requested = at("2026-11-30T10:00:00Z");
  it("waits until staff reply, however long, then holds until the minutes pass without a reply", () => {
    expect(handoffStatus({ handoffRequestedAt: null, staffRepliedAt: null }, requested, 30)).toBe("assistant");
    expect(handoffStatus({ handoffRequestedAt: requested, staffRepliedAt: null }, at("2026-12-01T10:00:00Z"), 30)).toBe(
      "waiting",
    );
    const replied = at("2026-11-30T10:05:00Z");
    const state = { handoffRequestedAt: requested, staffRepliedAt: replied };
    expect(handoffStatus(state, at("2026-11-30T10:34:59Z"), 30)).toBe("staff");
    expect(handoffStatus(state, at("2026-11-30T10:35:00Z"), 30)).toBe("assistant");
    // A reply older than a new request: waiting again.
    expect(
      handoffStatus({ handoffRequestedAt: requested, staffRepliedAt: at("2026-11-30T09:00:00Z") }, requested, 30),
    ).toBe("waiting");
  });
});

describe("liveChatAvailability", () => {
  const hours = { hours: WEEKDAYS, timeZone: BERLIN, presenceRequired: false, staffPresent: false };
  it("is open within the day's hours in the site's time zone", () => {
    // Monday 30 November 2026, 09:30 in Berlin (UTC+1).
    expect(liveChatAvailability(hours, at("2026-11-30T08:30:00Z"))).toEqual({ available: true });
    expect(liveChatAvailability(hours, at("2026-11-30T07:59:00Z"))).toEqual({
      available: false,
      opensAt: at("2026-11-30T08:00:00Z"),
    });
  });

  it("opens next on Monday after Friday's close, and is always open without set hours", () => {
    // Friday 4 December, 18:00 in Berlin.
    expect(liveChatAvailability(hours, at("2026-12-04T17:00:00Z"))).toEqual({
      available: false,
      opensAt: at("2026-12-07T08:00:00Z"),
    });
    const none = { ...hours, hours: [null, null, null, null, null, null, null] };
    expect(liveChatAvailability(none, at("2026-12-05T03:00:00Z"))).toEqual({ available: true });
  });

  it("needs a staff member in the admin when Settings asks for it", () => {
    const presence = { ...hours, presenceRequired: true };
    expect(liveChatAvailability(presence, at("2026-11-30T08:30:00Z"))).toEqual({ available: false, opensAt: null });
    expect(liveChatAvailability({ ...presence, staffPresent: true }, at("2026-11-30T08:30:00Z"))).toEqual({
      available: true,
    });
  });
});

describe("toHandoffView", () => {
  const waiting = { handoffRequestedAt: at("2026-12-04T17:00:00Z"), staffRepliedAt: null };
  const availability = { hours: WEEKDAYS, timeZone: BERLIN, presenceRequired: false, staffPresent: false };
  it("tells a visitor waiting outside the hours when the team answers, and offers the email form", () => {
    const view = toHandoffView(
      { state: waiting, handBackMinutes: 30, staffName: null, availability },
      waiting.handoffRequestedAt,
    );
    expect(view).toEqual({
      status: "waiting",
      notice: productText.pattern(
        "Our team is away right now and will answer here {when}. You can also leave your email below and we'll write to you.",
        `${productText("on Monday at 09:00")} (${BERLIN} time)`,
      ),
      away: true,
    });
    const tomorrow = toHandoffView(
      { state: waiting, handBackMinutes: 30, staffName: null, availability },
      at("2026-11-30T20:00:00Z"),
    );
    expect(tomorrow.notice).toContain(productText("tomorrow at 09:00"));
  });

  it("names the staff member holding the conversation", () => {
    const state = { handoffRequestedAt: at("2026-11-30T09:00:00Z"), staffRepliedAt: at("2026-11-30T09:01:00Z") };
    expect(
      toHandoffView({ state, handBackMinutes: 30, staffName: "Anna", availability }, at("2026-11-30T09:02:00Z")),
    ).toEqual({
      status: "staff",
      staffName: "Anna",
      notice: productText.pattern("You're talking to {name} from our team.", "Anna"),
    });
  });
});

it("words how long a conversation waited", () => {
  expect([30_000, 12 * 60_000, 125 * 60_000, 120 * 3_600_000, 3 * 86_400_000].map(waitedFor)).toEqual([
    productText("under a minute"),
    productText("12 min"),
    productText("2 h 5 min"),
    "5 days",
    productText("3 days"),
  ]);
});
