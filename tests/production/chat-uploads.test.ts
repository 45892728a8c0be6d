import { randomBytes } from "node:crypto";

import { desc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { chatUploads } from "~/db/schema";

import { type AppUnderTest, startAppUnderTest } from "../support/app-under-test";
import { productText } from "../support/product-text";

// Chat uploads must not fill the disk, against the built server over HTTP: the /chat page
// (no JavaScript) refuses the file that would pass an address's daily quota, with the chat's
// message, and nobody else's; /uploads streams what was stored, with ETag, 304 and byte ranges.

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const QUOTA_TEXT = productText(
  "You have sent as many files as we can take from you today. Please try again tomorrow, or describe it in words.",
);

function sendPhoto(app: AppUnderTest, address: string, bytes: number) {
  const padded = Buffer.alloc(bytes);
  PNG.copy(padded);
  const form = new FormData();
  form.set("message", "my workflow, attached");
  form.set("image", new File([padded], "photo.png", { type: "image/png" }));
  return fetch(`${app.url}/chat`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: app.url, "X-Forwarded-For": address },
    body: form,
  });
}

let app: AppUnderTest;
beforeAll(async () => {
  app = await startAppUnderTest({ TRUST_PROXY: "true", UPLOADS_DAILY_MB_PER_ADDRESS: "1" });
});
afterAll(() => app?.stop());

describe("chat uploads on the built server", () => {
  it("refuses the photo that would pass an address's daily quota, on the /chat page, and not another address's", async () => {
    const address = `198.51.100.${randomBytes(1)[0]}`;
    const statuses: number[] = [];
    let refusedPage = "";
    for (let i = 0; i < 4; i++) {
      const response = await sendPhoto(app, address, 300 * 1024);
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(23 * 3600);
        refusedPage = await response.text();
      } else await response.arrayBuffer();
    }
    // 3 x 300 KiB fit in 1 MiB; the fourth would pass it.
    expect(statuses).toEqual([302, 302, 302, 429]);
    expect(refusedPage).toContain(QUOTA_TEXT);
    expect(refusedPage).toContain("my workflow, attached");

    const other = await sendPhoto(app, `198.51.101.${randomBytes(1)[0]}`, 300 * 1024);
    expect(other.status).toBe(302);
    console.log(`chat uploads: one address sent 4 photos of 300 KiB under a 1 MB daily quota: ${statuses.join(", ")}`);
  });

  it("streams a stored file with ETag, 304 and byte ranges (206, 416)", async () => {
    const [stored] = await app.db.select().from(chatUploads).orderBy(desc(chatUploads.createdAt)).limit(1);
    const url = `${app.url}/uploads/${stored.name}`;

    const whole = await fetch(url, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(whole.status).toBe(200);
    const etag = whole.headers.get("ETag")!;
    expect(etag).toMatch(/^W\/"/);
    expect(whole.headers.get("Last-Modified")).toBeTruthy();
    // Beside the site's own policy (server/app.ts): both are enforced, so the file stays sandboxed.
    expect(whole.headers.get("Content-Security-Policy")).toContain("default-src 'none'; sandbox");
    expect(whole.headers.get("X-Content-Type-Options")).toBe("nosniff");
    const bytes = Buffer.from(await whole.arrayBuffer());
    expect(bytes.length).toBe(stored.bytes);

    const fresh = await fetch(url, { headers: { "If-None-Match": etag } });
    expect(fresh.status).toBe(304);

    const part = await fetch(url, { headers: { Range: "bytes=100-199", "Accept-Encoding": "gzip, br" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("Content-Range")).toBe(`bytes 100-199/${stored.bytes}`);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(100, 200));

    const beyond = await fetch(url, { headers: { Range: `bytes=${stored.bytes + 10}-` } });
    expect(beyond.status).toBe(416);
    expect(beyond.headers.get("Content-Range")).toBe(`bytes */${stored.bytes}`);
    await beyond.arrayBuffer();
  });
});
