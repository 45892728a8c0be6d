import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { like, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { chatMessages } from "~/db/schema";
import { newChatSessionId } from "~/lib/chat";
import { type Env, getEnv } from "~/lib/env.server";
import { listSessionMessages } from "~/models/chat-messages.server";
import { renewChatSession } from "~/services/chat/session-cookie.server";
import { deleteExpiredUploads } from "~/services/upload-retention.server";

import { productText } from "../support/product-text";
import { type Answer, send, TEST_ORIGIN } from "../support/route-args";
import { useTestDatabase } from "../support/test-database";

// Chat uploads must not fill the disk, through the chat action in-process: a daily byte quota
// per address, a global cap, a free-disk floor, no data URL when storing fails, and retention.

const MB = 1024 * 1024;
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);
const QUOTA_TEXT = productText(
  "You have sent as many files as we can take from you today. Please try again tomorrow, or describe it in words.",
);
const FULL_TEXT = productText("We cannot take files right now. Please describe it in words, or try again later.");
const NOT_STORED_TEXT = productText("The file could not be stored. Please try again, or describe it in words.");

/** A valid PNG padded to `bytes`: the chat checks the content's signature, not its length. */
function pngOf(bytes: number): File {
  const padded = Buffer.alloc(bytes);
  PNG.copy(padded);
  return new File([padded], "photo.png", { type: "image/png" });
}

/** A conversation of its own, as the visitor's cookie carries it. */
async function conversation(): Promise<{ sessionId: string; headers: { Cookie: string } }> {
  const sessionId = newChatSessionId();
  return { sessionId, headers: { Cookie: (await renewChatSession(sessionId, 24)).split(";")[0] } };
}

/** The /chat page's post with a photo; a message taken is answered with a redirect (302). */
function postImage(file: File, ip: string, message = "see the attached"): Promise<Answer> {
  const form = new FormData();
  form.set("message", message);
  form.set("image", file);
  const request = new Request(`${TEST_ORIGIN}/chat`, { method: "POST", body: form });
  return send(request, { ip, javaScript: true });
}

function imageError(answer: Answer): string[] | null | undefined {
  return (answer.actionData as { result: { error?: Record<string, string[] | null> } }).result.error?.image;
}

const globalEnv = globalThis as typeof globalThis & { __appEnv?: Env };
let original: Env;
let dataDir: string;
/** Runs `body` with these settings over the test's own DATA_DIR. */
async function withEnv<T>(overrides: Partial<Env>, body: () => Promise<T>): Promise<T> {
  globalEnv.__appEnv = { ...original, DATA_DIR: dataDir, CHAT_MESSAGES_PER_MINUTE: 1000, ...overrides };
  try {
    return await body();
  } finally {
    globalEnv.__appEnv = original;
  }
}

const uploadsDir = () => path.join(dataDir, "uploads");
const storedFiles = () => (existsSync(uploadsDir()) ? readdirSync(uploadsDir()) : []);

describe("chat upload limits", () => {
  useTestDatabase("pglite");
  beforeAll(() => {
    original = getEnv();
    dataDir = mkdtempSync(path.join(tmpdir(), "agency-uploads-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("refuses the file that would pass an address's daily quota, and no other address", async () => {
    await withEnv({ UPLOADS_DAILY_MB_PER_ADDRESS: 1 }, async () => {
      const ip = `198.51.100.${randomBytes(1)[0]}`;
      expect((await postImage(pngOf(0.4 * MB), ip)).status).toBe(302);
      expect((await postImage(pngOf(0.4 * MB), ip)).status).toBe(302);
      const refused = await postImage(pngOf(0.4 * MB), ip, "third photo");
      expect(refused.status).toBe(429);
      expect(imageError(refused)).toEqual([QUOTA_TEXT]);
      // Text alone still goes through for that address.
      const form = new FormData();
      form.set("message", "words instead");
      expect((await send(new Request(`${TEST_ORIGIN}/chat`, { method: "POST", body: form }), { ip })).status).toBe(302);

      expect((await postImage(pngOf(0.4 * MB), `198.51.101.${randomBytes(1)[0]}`)).status).toBe(302);
    });
  });

  it("counts IPv6 addresses by their /64", async () => {
    await withEnv({ UPLOADS_DAILY_MB_PER_ADDRESS: 1 }, async () => {
      const prefix = `2001:db8:${randomBytes(2).toString("hex")}:1`;
      expect((await postImage(pngOf(0.6 * MB), `${prefix}::1`)).status).toBe(302);
      expect((await postImage(pngOf(0.6 * MB), `${prefix}:ffff::2`)).status).toBe(429);
      expect((await postImage(pngOf(0.6 * MB), `2001:db8:${randomBytes(2).toString("hex")}:2::1`)).status).toBe(302);
    });
  });

  it("refuses files once all stored files reach UPLOADS_MAX_TOTAL_MB", async () => {
    await db().execute(sql`delete from chat_uploads`);
    await withEnv({ UPLOADS_MAX_TOTAL_MB: 1 }, async () => {
      expect((await postImage(pngOf(0.6 * MB), `203.0.113.${randomBytes(1)[0]}`)).status).toBe(302);
      const before = storedFiles().length;
      const refused = await postImage(pngOf(0.6 * MB), `203.0.113.${randomBytes(1)[0]}`);
      expect(refused.status).toBe(507);
      expect(imageError(refused)).toEqual([FULL_TEXT]);
      expect(storedFiles().length).toBe(before);
    });
  });

  it("refuses files when DATA_DIR's volume has less free space than UPLOADS_MIN_FREE_DISK_MB", async () => {
    await withEnv({ UPLOADS_MIN_FREE_DISK_MB: 1_000_000_000 }, async () => {
      const sessionFiles = storedFiles().length;
      const refused = await postImage(pngOf(1000), `203.0.113.${randomBytes(1)[0]}`);
      expect(refused.status).toBe(507);
      expect(imageError(refused)).toEqual([FULL_TEXT]);
      expect(storedFiles().length).toBe(sessionFiles);
    });
  });

  it("refuses a file it cannot store instead of keeping it in the message as a data URL", async () => {
    const blocked = mkdtempSync(path.join(tmpdir(), "agency-blocked-"));
    // A file where the uploads directory should be: storing fails.
    writeFileSync(path.join(blocked, "uploads"), "x");
    try {
      await withEnv({ DATA_DIR: blocked }, async () => {
        const form = new FormData();
        const { sessionId, headers } = await conversation();
        form.set("image", pngOf(1000));
        const refused = await send(new Request(`${TEST_ORIGIN}/chat`, { method: "POST", body: form, headers }), {
          javaScript: true,
          ip: `203.0.113.${randomBytes(1)[0]}`,
        });
        expect(refused.status).toBe(503);
        expect(imageError(refused)).toEqual([NOT_STORED_TEXT]);
        expect(await listSessionMessages(sessionId)).toEqual([]);
      });
    } finally {
      rmSync(blocked, { recursive: true, force: true });
    }
    const embedded = await db()
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(like(chatMessages.mediaUrl, "data:%"));
    expect(embedded).toEqual([]);
  });

  it("deletes files older than UPLOADS_RETENTION_DAYS, and clears them from their messages", async () => {
    await withEnv({ UPLOADS_RETENTION_DAYS: 30 }, async () => {
      const form = new FormData();
      const { sessionId, headers } = await conversation();
      form.set("image", pngOf(1000));
      expect(
        (await send(new Request(`${TEST_ORIGIN}/chat`, { method: "POST", body: form, headers }), { javaScript: true }))
          .status,
      ).toBe(302);
      const message = (await listSessionMessages(sessionId)).find((row) => row.mediaUrl !== null)!;
      const oldName = String(message.mediaUrl).replace("/uploads/", "");
      // Stored 31 days ago: its row, its message and the file.
      await db().execute(sql`update chat_uploads set created_at = now() - interval '31 days' where name = ${oldName}`);
      await db().execute(
        sql`update chat_messages set created_at = now() - interval '31 days' where session_id = ${sessionId}`,
      );
      // A file from before the rows existed, last written 31 days ago, and one from yesterday.
      mkdirSync(uploadsDir(), { recursive: true });
      const day = 24 * 60 * 60 * 1000;
      const unrecorded = `${Date.now() - 31 * day}-00000000-0000-4000-8000-000000000001.png`;
      const recent = `${Date.now() - day}-00000000-0000-4000-8000-000000000002.png`;
      for (const [name, age] of [
        [unrecorded, 31 * day],
        [recent, day],
      ] as const) {
        writeFileSync(path.join(uploadsDir(), name), PNG);
        const when = new Date(Date.now() - age);
        utimesSync(path.join(uploadsDir(), name), when, when);
      }
      const newer = storedFiles().filter((name) => name !== oldName && name !== unrecorded);

      const result = await deleteExpiredUploads();
      expect(result.files).toBe(2);
      expect(storedFiles().sort()).toEqual(newer.sort());
      expect(storedFiles()).toContain(recent);
      // Both messages now share one created_at, so find the visitor's by id, not by order.
      const after = (await listSessionMessages(sessionId)).find((row) => row.id === message.id);
      expect(after).toMatchObject({ mediaType: "image", mediaUrl: null });
      // Run again (another instance, say): nothing left to do, and no error.
      expect(await deleteExpiredUploads()).toEqual({ files: 0, messages: 0 });
    });
  });
});
