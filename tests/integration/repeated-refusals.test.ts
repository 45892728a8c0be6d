import { describe, expect, it } from "vitest";

import { hitRateLimit, refusedRepeatedly, REPEATED_REFUSALS } from "~/models/rate-limits.server";
import { countLoginAttempt } from "~/services/login-limiter.server";
import { FORM_LIMIT_KEYS } from "~/services/public-form.server";
import { repeatedRefusal } from "~/services/repeated-refusals.server";

import { BACKENDS, uniqueName, useTestDatabase } from "../support/test-database";

// An address refused at one form again and again (docs/product.md, "Limits reached on the public
// forms"): after REPEATED_REFUSALS refusals in its window, its posts there are refused before
// anything is rendered (server/app.ts); tests/production/sign-in-abuse.test.ts sends them over HTTP.

const HOUR = 60 * 60 * 1000;

/** Posts `times` times against `key` with a limit of one an hour: the first is allowed. */
async function post(key: string, times: number) {
  for (let i = 0; i < times; i++) await hitRateLimit(key, 1, HOUR);
}

describe.each(BACKENDS)("repeated refusals on %s", (backend) => {
  useTestDatabase(backend);

  it("counts a key's refusals in its window: the tenth makes it a flood", async () => {
    const key = uniqueName("flood");
    await post(key, 1);
    expect(refusedRepeatedly(key)).toBeNull();
    await post(key, REPEATED_REFUSALS - 1);
    expect(refusedRepeatedly(key)).toBeNull();
    await post(key, 1);
    const seconds = refusedRepeatedly(key);
    expect(seconds).toBeGreaterThan(HOUR / 1000 - 60);
    expect(seconds).toBeLessThanOrEqual(HOUR / 1000);
  });

  it("counts each refusal of posts that reached the database together", async () => {
    const key = uniqueName("burst");
    await post(key, 1);
    const burst = await Promise.all(Array.from({ length: REPEATED_REFUSALS }, () => hitRateLimit(key, 1, HOUR)));
    expect(burst.filter((result) => result.allowed)).toEqual([]);
    expect(refusedRepeatedly(key)).toBeGreaterThan(HOUR / 1000 - 60);
  });

  it("finds the form's counter by the path posted to, with JavaScript or without", async () => {
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 1}`;
    await post(`${FORM_LIMIT_KEYS.order}:${ip}`, REPEATED_REFUSALS + 1);
    expect(repeatedRefusal("/order", ip)).toBeGreaterThan(0);
    expect(repeatedRefusal("/order.data", ip)).toBeGreaterThan(0);
    // Another form, another address, a path no form posts to: not refused.
    expect(repeatedRefusal("/", ip)).toBeNull();
    expect(repeatedRefusal("/order", "198.51.100.7")).toBeNull();
    expect(repeatedRefusal("/services", ip)).toBeNull();
    expect(repeatedRefusal("/constructor", ip)).toBeNull();

    await post(`${FORM_LIMIT_KEYS.contact}:${ip}`, REPEATED_REFUSALS + 1);
    expect(repeatedRefusal("/", ip)).toBeGreaterThan(0);
    expect(repeatedRefusal("/_root.data", ip)).toBeGreaterThan(0);
    expect(repeatedRefusal("/chat/email", ip)).toBeGreaterThan(0);
  });

  it("takes sign-ins by address, whatever the usernames", async () => {
    const ip = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}::1`;
    let attempts = 0;
    while ((await countLoginAttempt(uniqueName("nobody"), ip)).allowed) attempts++;
    expect(attempts).toBeGreaterThan(0);
    expect(repeatedRefusal("/admin/login", ip)).toBeNull();
    for (let i = 1; i < REPEATED_REFUSALS; i++) await countLoginAttempt(uniqueName("nobody"), ip);
    expect(repeatedRefusal("/admin/login", ip)).toBeGreaterThan(0);
    expect(repeatedRefusal("/admin/login.data", ip)).toBeGreaterThan(0);
  });
});
