import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { appendFileSync, existsSync, mkdtempSync, rmSync, statfsSync, statSync, truncateSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { openDatabase } from "~/db/client.server";
import { contactMessages, orders } from "~/db/schema";

import { OWNER } from "../support/app-under-test";
import { type RunningServer, startBuiltServer, stopBuiltServer } from "../support/built-server";
import { reportFault } from "../support/fault-report";
import { HttpVisitor, toastOn, visibleText } from "../support/http-visitor";
import { productText } from "../support/product-text";

// Disk full, with the fault injected for real: DATA_DIR is a 64 MB tmpfs of its own
// (the embedded database's 40 MB template and all), and a ballast file takes the rest but a few MB:
// less than UPLOADS_MIN_FREE_DISK_MB, more than the database needs for the posts. Orders and
// contact messages are all saved and acknowledged, the chat refuses a photo with its message, and
// the dashboard says how much is free. Then the volume fills up completely: no post may be
// acknowledged unless it is saved, the server keeps answering, and once space is freed it saves
// again without a restart. The rows are counted in the database itself once the server stopped.
//
// Mounting needs root with CAP_SYS_ADMIN, as in our containers: without it the test fails with a
// message. A loop-mounted image needs that same privilege, so it would not help where tmpfs fails.

const MB = 1024 * 1024;
const VOLUME_MB = 64;
const UPLOADS_MIN_FREE_MB = 16;
const CRITICAL_FREE_MB = 4;
const NEARLY_FULL_FREE_MB = 10;
const POSTS = 10;

const ORDER_SUBMITTED = productText("Order Submitted!");
const MESSAGE_SENT = productText("Message sent!");
const UPLOADS_FULL = productText("We cannot take files right now. Please describe it in words, or try again later.");
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==",
  "base64",
);

const volume = mkdtempSync(path.join(tmpdir(), "agency-disk-"));
const ballast = path.join(volume, "ballast");
let mounted = false;
let server: RunningServer | undefined;

function freeBytes(): number {
  const { bavail, bsize } = statfsSync(volume);
  return bavail * bsize;
}

/** Grows or shrinks the ballast so that `bytes` stay free. Written out: a sparse file takes no room. */
function leaveFree(bytes: number): void {
  const current = existsSync(ballast) ? statSync(ballast).size : 0;
  const size = Math.max(0, current + freeBytes() - bytes);
  if (size < current) truncateSync(ballast, size);
  else appendFileSync(ballast, Buffer.alloc(size - current));
}

/** Fills the volume to its last block. */
function fillUp(): void {
  for (const chunk of [MB, 4096]) {
    try {
      for (;;) appendFileSync(ballast, Buffer.alloc(chunk));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
    }
  }
}

beforeAll(async () => {
  try {
    execFileSync("mount", ["-t", "tmpfs", "-o", `size=${VOLUME_MB}m`, "tmpfs", volume], { stdio: "pipe" });
  } catch (error) {
    throw new Error("This test mounts a tmpfs for DATA_DIR and needs root with CAP_SYS_ADMIN", { cause: error });
  }
  mounted = true;
  server = await startBuiltServer({
    NODE_ENV: "production",
    DATA_DIR: volume,
    ADMIN_USERNAME: OWNER.username,
    ADMIN_PASSWORD: OWNER.password,
    ORDERS_PER_HOUR: "1000",
    CONTACT_MESSAGES_PER_HOUR: "1000",
    UPLOADS_MIN_FREE_DISK_MB: String(UPLOADS_MIN_FREE_MB),
    DISK_CRITICAL_FREE_MB: String(CRITICAL_FREE_MB),
  });
});

afterAll(async () => {
  // Whatever happened, the mount goes: a server still holding files on it is killed first.
  if (server) {
    const running = server;
    await stopBuiltServer(running).catch(() => process.kill(-running.child.pid!, "SIGKILL"));
  }
  if (mounted) {
    try {
      execFileSync("umount", [volume], { stdio: "pipe" });
    } catch {
      execFileSync("umount", ["-l", volume], { stdio: "pipe" });
    }
  }
  rmSync(volume, { recursive: true, force: true });
});

/** Which of `names` the embedded database holds, as orders or contact messages (read once the server stopped). */
async function storedNames(names: string[]): Promise<Set<string>> {
  const database = await openDatabase({ dataDir: volume });
  try {
    const rows = [
      ...(await database.db.select({ name: orders.clientName }).from(orders).where(inArray(orders.clientName, names))),
      ...(await database.db
        .select({ name: contactMessages.name })
        .from(contactMessages)
        .where(inArray(contactMessages.name, names))),
    ];
    return new Set(rows.map((row) => row.name));
  } finally {
    await database.close();
  }
}

interface Post {
  kind: "order" | "contact";
  name: string;
  acknowledged: boolean;
}

describe("a nearly full, then full, data volume with the embedded database", () => {
  it("saves every acknowledged order and message, refuses chat uploads first and warns on the dashboard", async () => {
    const visitor = new HttpVisitor(server!.url);
    const serviceId = /<option value="([0-9a-f-]{36})"/.exec((await visitor.get("/order")).html)![1];
    const marker = `Disk ${randomBytes(3).toString("hex")}`;
    const posts: Post[] = [];
    // Random text does not compress: every post needs room of its own, so a full disk is really hit.
    const post = async (kind: Post["kind"], name: string) => {
      const notes = randomBytes(3000).toString("base64");
      const page =
        kind === "order"
          ? await visitor.submit("/order", {
              serviceId,
              clientName: name,
              clientEmail: "disk@example.com",
              notes,
              terms: "on",
            })
          : await visitor.submit("/?index", { name, email: "disk@example.com", message: notes });
      // An order is acknowledged by the page it lands on (no toast repeats it), a message by its toast.
      const acknowledged =
        kind === "order"
          ? visibleText(page.html).includes(ORDER_SUBMITTED)
          : toastOn(page.html)?.message === MESSAGE_SENT;
      posts.push({ kind, name, acknowledged });
      return acknowledged;
    };

    // Nearly full: every post is saved.
    leaveFree(NEARLY_FULL_FREE_MB * MB);
    for (let i = 0; i < POSTS; i++) {
      expect(await post("order", `${marker} order ${i}`)).toBe(true);
      expect(await post("contact", `${marker} message ${i}`)).toBe(true);
    }

    const form = new FormData();
    form.set("message", "my workflow, attached");
    form.set("image", new File([PNG], "photo.png", { type: "image/png" }));
    const upload = await fetch(`${server!.url}/chat`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server!.url },
      body: form,
    });
    expect(upload.status).toBe(507);
    expect(await upload.text()).toContain(UPLOADS_FULL);

    const admin = new HttpVisitor(server!.url);
    await admin.signIn(OWNER.username, OWNER.password);
    const dashboard = visibleText((await admin.get("/admin")).html);
    const shown = /Disk nearly full: (\d+) MB free on the data volume\. Chat uploads are paused below (\d+) MB\./.exec(
      dashboard,
    );
    expect(shown, dashboard).not.toBeNull();
    const [freeMb, pausedBelowMb] = [Number(shown![1]), Number(shown![2])];
    expect(pausedBelowMb).toBe(UPLOADS_MIN_FREE_MB);
    // The server's measure may be a few seconds old: the database wrote a little since.
    expect(Math.abs(freeMb - Math.floor(freeBytes() / MB))).toBeLessThanOrEqual(1);
    expect(freeMb).toBeGreaterThanOrEqual(CRITICAL_FREE_MB);

    // Full to the last block: posts fail, none is acknowledged falsely, the server keeps answering.
    fillUp();
    expect(freeBytes()).toBe(0);
    for (let i = 0; i < POSTS / 2; i++) {
      await post("order", `${marker} full order ${i}`);
      await post("contact", `${marker} full message ${i}`);
    }
    const whileFull = posts.slice(2 * POSTS);
    expect(whileFull.filter((p) => !p.acknowledged).length).toBeGreaterThan(0);
    expect((await fetch(`${server!.url}/healthz`)).status).toBe(200);

    // Space freed: saved again, with no restart.
    leaveFree(NEARLY_FULL_FREE_MB * MB);
    expect(await post("order", `${marker} after order`)).toBe(true);
    expect(await post("contact", `${marker} after message`)).toBe(true);

    await stopBuiltServer(server!);
    server = undefined;
    const stored = await storedNames(posts.map((p) => p.name));

    const acknowledged = posts.filter((p) => p.acknowledged);
    const lost = reportFault("disk full", {
      sent: posts.length,
      acknowledged: acknowledged.length,
      found: acknowledged.filter((p) => stored.has(p.name)).length,
    });
    expect(lost).toBe(0);
    // A refused post is not saved either: the visitor who tries again makes no duplicate.
    expect(posts.filter((p) => !p.acknowledged && stored.has(p.name))).toEqual([]);
  });
});
