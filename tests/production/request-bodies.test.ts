import { readFileSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { Readable } from "node:stream";

import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { integrations, orders } from "~/db/schema";

import { type AppUnderTest, OWNER, startAppUnderTest } from "../support/app-under-test";
import { createTestOrder } from "../support/factories";
import { productText } from "../support/product-text";
import { checkoutCompleted, newWebhookSecret, signedDelivery } from "../support/stripe-events";

// Request bodies: every action's body is limited while it streams in, and a body the
// server cannot read is refused in a few words, never with a 500 or a stack trace. Posted over raw
// HTTP against the built server; the 60 MB come from a generator, never from one buffer.

const MB = 1024 * 1024;
const HUGE_BYTES = 60 * MB;
const MAX_GROWTH_BYTES = 100 * MB;
const ANSWER_WITHIN_MS = 5_000;
const PUBLIC_ACTIONS = ["/?index", "/order", "/chat", "/admin/login"];
// A sample of admin actions (a valid session), from every kind of form the panel has.
const ADMIN_ACTIONS = ["/admin/settings", "/admin/integrations", "/admin/messages", "/admin/services/new"];

interface Sent {
  status: number;
  body: string;
  ms: number;
}

/** Yields `total` bytes of `a`, 64 KiB at a time, the same chunk over and over. */
async function* bytes(total: number): AsyncGenerator<Buffer> {
  const chunk = Buffer.alloc(64 * 1024, "a");
  for (let sent = 0; sent < total; sent += chunk.length) yield chunk.subarray(0, Math.min(chunk.length, total - sent));
}

/**
 * Posts `body` (a string, or chunks from a generator) to `path` and returns the answer. Stops
 * sending as soon as the answer has come; a connection the server closes after answering counts
 * as answered, and no answer within `timeoutMs` is a failure.
 */
function post(
  baseUrl: string,
  path: string,
  options: {
    headers: Record<string, string>;
    body: string | Buffer | AsyncIterable<Buffer>;
    contentLength?: number;
    timeoutMs?: number;
  },
): Promise<Sent> {
  const startedAt = Date.now();
  const url = new URL(path, baseUrl);
  return new Promise((resolve, reject) => {
    let answered = false;
    const req = httpRequest(url, {
      method: "POST",
      headers: {
        Origin: baseUrl,
        ...options.headers,
        ...(options.contentLength === undefined ? {} : { "Content-Length": String(options.contentLength) }),
      },
    });
    const timer = setTimeout(() => {
      req.destroy();
      reject(new Error(`no answer from ${path} within ${options.timeoutMs ?? 20_000} ms`));
    }, options.timeoutMs ?? 20_000);
    req.on("response", (res) => {
      answered = true;
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      const done = () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode!, body: text, ms: Date.now() - startedAt });
      };
      res.on("end", done);
      res.on("error", done);
      res.on("aborted", done);
    });
    req.on("error", (error) => {
      if (answered) return;
      clearTimeout(timer);
      reject(error);
    });
    void (async () => {
      if (typeof options.body === "string" || Buffer.isBuffer(options.body)) {
        req.end(options.body);
        return;
      }
      for await (const chunk of options.body) {
        if (answered || req.destroyed) return;
        if (!req.write(chunk)) {
          await new Promise<void>((resume) => {
            const go = () => {
              req.off("drain", go);
              req.off("close", go);
              resume();
            };
            req.once("drain", go);
            req.once("close", go);
          });
        }
      }
      if (!answered && !req.destroyed) req.end();
    })().catch(() => undefined);
  });
}

function rssBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

/** Samples the server's resident memory while `work` runs; returns its result and the peak. */
async function peakRss<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = rssBytes(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssBytes(pid))), 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssBytes(pid)) };
  } finally {
    clearInterval(sampler);
  }
}

const URL_ENCODED = { "Content-Type": "application/x-www-form-urlencoded" };
const multipart = (boundary: string) => ({ "Content-Type": `multipart/form-data; boundary=${boundary}` });

/** A huge body with a plausible start: one form field (or one multipart field) that never ends soon. */
function hugeBody(path: string): { headers: Record<string, string>; body: () => AsyncIterable<Buffer> } {
  if (path === "/chat") {
    const head = Buffer.from(`--huge\r\nContent-Disposition: form-data; name="message"\r\n\r\n`);
    return {
      headers: multipart("huge"),
      body: async function* () {
        yield head;
        yield* bytes(HUGE_BYTES - head.length);
      },
    };
  }
  const head = Buffer.from("username=owner&name=Ada&email=ada%40example.com&message=");
  return {
    headers: URL_ENCODED,
    body: async function* () {
      yield head;
      yield* bytes(HUGE_BYTES - head.length);
    },
  };
}

// A url-encoded body is always some form (any bytes decode): the action's own checks answer it, a
// 400, or a redirect where every field may be blank (Integrations); never a 500.
const MALFORMED: { name: string; headers: Record<string, string>; body: string | Buffer; readsAsForm?: true }[] = [
  {
    name: "a truncated multipart",
    headers: multipart("cut"),
    body: `--cut\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--cut\r\nContent-Disposition: form-da`,
  },
  {
    name: "a multipart with a wrong boundary",
    headers: multipart("expected"),
    body: `--other\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--other--\r\n`,
  },
  { name: "JSON", headers: { "Content-Type": "application/json" }, body: `{"name":"Ada","message":"hello"}` },
  { name: "plain text", headers: { "Content-Type": "text/plain" }, body: "name=Ada&message=hello" },
  {
    name: "garbage url-encoded",
    headers: URL_ENCODED,
    readsAsForm: true,
    body: Buffer.concat([
      Buffer.from("%%%zz&==&name=%E0%A4%A&"),
      Buffer.from([0xff, 0xfe, 0x00, 0xc3]),
      Buffer.from("&%"),
    ]),
  },
];

/** A 500, a stack frame or an error's name is what a visitor must never see. */
function expectRefusedCleanly(sent: Sent, label: string, readsAsForm = false) {
  if (readsAsForm) expect(sent.status, label).toBeLessThan(500);
  else expect([400, 415], `${label}: status ${sent.status}`).toContain(sent.status);
  expect(sent.body, label).not.toMatch(/\n\s+at .+:\d+:\d+|TypeError|SyntaxError|Error:/);
}

let app: AppUnderTest;
let pid: number;
let sessionCookie: string;

beforeAll(async () => {
  app = await startAppUnderTest();
  pid = Number(/"msg":"listening","pid":(\d+)/.exec(app.output())?.[1]);
  const signIn = await fetch(`${app.url}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { ...URL_ENCODED, Origin: app.url },
    body: new URLSearchParams({ username: OWNER.username, password: OWNER.password }),
  });
  expect(signIn.status).toBe(302);
  sessionCookie = signIn.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .filter((pair) => /session=/.test(pair))
    .join("; ");
  expect(sessionCookie).not.toBe("");
});
afterAll(() => app?.stop());

describe("a 60 MB post", () => {
  const requests: { path: string; chunked: boolean; status: number; ms: number; growthMb: number }[] = [];
  afterAll(() => {
    const refused = requests.filter((r) => r.status === 413).length;
    console.log(
      `request bodies: ${requests.length} posts of 60 MB, ${refused} refused with 413, slowest ${Math.max(...requests.map((r) => r.ms))} ms, ` +
        `largest growth ${Math.max(...requests.map((r) => r.growthMb))} MB`,
    );
  });

  for (const path of PUBLIC_ACTIONS) {
    for (const chunked of [false, true]) {
      it(`to ${path} ${chunked ? "chunked, without a Content-Length" : "with its Content-Length"} is answered 413 at once, in little memory`, async () => {
        // Pages first, so what the server grows by is the post, not a first rendering.
        await fetch(new URL(path, app.url)).then((r) => r.text());
        const before = rssBytes(pid);
        const huge = hugeBody(path);
        const { result: sent, peak } = await peakRss(pid, () =>
          post(app.url, path, {
            headers: huge.headers,
            body: huge.body(),
            contentLength: chunked ? undefined : HUGE_BYTES,
          }),
        );
        const growthMb = Math.round((peak - before) / MB);
        requests.push({ path, chunked, status: sent.status, ms: sent.ms, growthMb });
        expect(sent.status).toBe(413);
        expect(sent.ms).toBeLessThan(ANSWER_WITHIN_MS);
        expect(peak - before).toBeLessThan(MAX_GROWTH_BYTES);
        expect((await fetch(`${app.url}/healthz`)).status).toBe(200);
      });
    }
  }

  it("to the chat's data request, with its Content-Length, is answered with the chat's own message", async () => {
    const huge = hugeBody("/chat");
    const response = await fetch(new URL("/chat.data", app.url), {
      method: "POST",
      headers: { ...huge.headers, Origin: app.url, "Content-Length": String(HUGE_BYTES) },
      body: Readable.toWeb(Readable.from(huge.body())) as ReadableStream,
      duplex: "half",
    } as RequestInit);
    expect(response.status).toBe(413);
    // The widget shows this under the message, instead of its apology for a failure.
    expect(await response.text()).toContain("Files can be up to 10 MB.");
  });

  it("to an admin action, with a session, is answered 413 too", async () => {
    const sent = await post(app.url, "/admin/settings", {
      headers: { ...URL_ENCODED, Cookie: sessionCookie },
      body: bytes(HUGE_BYTES),
    });
    expect(sent.status).toBe(413);
  });
});

describe("the largest form the panel has", () => {
  it("is within the limit: Integrations at every field's maximum, in three-byte characters, is saved", async () => {
    const fields = {
      voiceAgentEmbedCode: "€".repeat(20_000),
      customCss: "€".repeat(50_000),
      customJs: "€".repeat(50_000),
    };
    const body = new URLSearchParams(fields).toString();
    expect(body.length).toBeGreaterThan(MB);
    const sent = await post(app.url, "/admin/integrations", {
      headers: { ...URL_ENCODED, Cookie: sessionCookie },
      body,
    });
    expect(sent.status).toBe(302);
  });
});

describe("an admin form with an image upload", () => {
  /** The service form as multipart, with `fileBytes` of a file that is no image. */
  function serviceForm(fileBytes: number): Buffer {
    const field = (name: string, value: string) =>
      `--img\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const fields = [
      ["name", "Pictured"],
      ["category", "notifications"],
      ["description", "d"],
      ["setupPrice", "99"],
    ];
    return Buffer.concat([
      Buffer.from(fields.map(([name, value]) => field(name, value)).join("")),
      Buffer.from(
        `--img\r\nContent-Disposition: form-data; name="imageFile"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      Buffer.alloc(fileBytes),
      Buffer.from("\r\n--img--\r\n"),
    ]);
  }

  it("reaches the action past MAX_FORM_BYTES, which refuses the file with its reason and keeps the form", async () => {
    const sent = await post(app.url, "/admin/services/new", {
      headers: { ...multipart("img"), Cookie: sessionCookie },
      body: serviceForm(3 * MB),
    });
    expect(sent.status).toBe(400);
    expect(sent.body).toContain(
      productText("This file is not an image we can use. Upload a JPEG, PNG, WebP, AVIF or GIF file."),
    );
    expect(sent.body).toContain('value="Pictured"');
  });

  it("is refused 413 beyond the room of two images beside the form", async () => {
    const sent = await post(app.url, "/admin/services/new", {
      headers: { ...multipart("img"), Cookie: sessionCookie },
      body: serviceForm(13 * MB),
    });
    expect(sent.status).toBe(413);
  });
});

describe("a body the server cannot read", () => {
  let sent = 0;
  afterAll(() => console.log(`malformed bodies: ${sent} posts, none answered 500 or with a stack trace`));

  for (const malformed of MALFORMED) {
    it(`(${malformed.name}) is refused without a 500 by every public action and sign-in`, async () => {
      for (const path of PUBLIC_ACTIONS) {
        const answer = await post(app.url, path, { headers: malformed.headers, body: malformed.body });
        sent++;
        expectRefusedCleanly(answer, `${malformed.name} to ${path}`, malformed.readsAsForm);
      }
    });

    it(`(${malformed.name}) is refused without a 500 by admin actions, with a session`, async () => {
      for (const path of ADMIN_ACTIONS) {
        const answer = await post(app.url, path, {
          headers: { ...malformed.headers, Cookie: sessionCookie },
          body: malformed.body,
        });
        sent++;
        expectRefusedCleanly(answer, `${malformed.name} to ${path}`, malformed.readsAsForm);
      }
    });
  }
});

describe("JSON on the payment providers' webhook paths", () => {
  const secret = newWebhookSecret();
  const JSON_TYPE = { "Content-Type": "application/json" };
  beforeAll(async () => {
    // Plain, as a value from before encryption existed reads: this process has not the server's SECRETS_KEY.
    await app.db
      .insert(integrations)
      .values({ id: 1, stripeWebhookSecret: secret })
      .onConflictDoUpdate({ target: integrations.id, set: { stripeWebhookSecret: secret } });
  });

  it("reaches Stripe's route raw: a signed event is taken, an unsigned one refused by the route", async () => {
    const order = await createTestOrder(app.db);
    const { body, signature } = signedDelivery(
      checkoutCompleted(order.id, { amountTotal: 17_800, currency: "usd" }),
      secret,
    );
    // As Stripe sends it: no Origin, no cookie, a charset on the type.
    const taken = await fetch(`${app.url}/webhooks/stripe`, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature },
      body,
    });
    expect(taken.status).toBe(200);
    expect(await taken.text()).toBe(productText("Received."));
    const [paid] = await app.db.select().from(orders).where(eq(orders.id, order.id));
    expect(paid.status).toBe("paid");

    const unsigned = await post(app.url, "/webhooks/stripe", { headers: JSON_TYPE, body });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toBe(productText("The Stripe signature could not be verified."));
    expect((await fetch(`${app.url}/webhooks/stripe`)).status).toBe(405);
  });

  it("is still refused with 415 on every other path, and a form or text on the webhook path", async () => {
    for (const path of [...PUBLIC_ACTIONS, "/webhooks/stripe/other", "/webhooks"]) {
      const sent = await post(app.url, path, { headers: JSON_TYPE, body: `{"id":"evt_1"}` });
      expect(sent.status, path).toBe(415);
    }
    for (const headers of [URL_ENCODED, { "Content-Type": "text/plain" }]) {
      const sent = await post(app.url, "/webhooks/stripe", { headers, body: "id=evt_1" });
      expect(sent.status, headers["Content-Type"]).toBe(415);
    }
  });

  for (const chunked of [false, true]) {
    it(`refuses JSON over 1 MiB ${chunked ? "chunked" : "with its Content-Length"} with 413`, async () => {
      const size = MB + 1;
      const sent = await post(app.url, "/webhooks/stripe", {
        headers: JSON_TYPE,
        body: bytes(size),
        contentLength: chunked ? undefined : size,
      });
      expect(sent.status).toBe(413);
      const fits = await post(app.url, "/webhooks/stripe", { headers: JSON_TYPE, body: bytes(MB) });
      // Read whole by the route, whose signature check then refuses it.
      expect(fits.status).toBe(400);
    });
  }
});
