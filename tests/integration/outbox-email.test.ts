import { eq, inArray, sql } from "drizzle-orm";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { db } from "~/db/client.server";
import { deliveryAttempts, eventDeliveries, eventWebhooks, outboxEvents, rateLimits } from "~/db/schema";
import { type Env, getEnv } from "~/lib/env.server";
import { sealSecret } from "~/lib/secret-box.server";
import { newSigningSecret } from "~/lib/standard-webhooks.server";
import { createContactMessage } from "~/models/contact-messages.server";
import { saveIntegrations } from "~/models/integrations.server";
import { createOrder } from "~/models/orders.server";
import { dispatchEvents } from "~/models/outbox.server";
import { hitRateLimit } from "~/models/rate-limits.server";
import { getSiteSettings, updateSiteSettings } from "~/models/site-settings.server";
import type { TimelineEntry } from "~/models/timeline.server";
import { CLIENT_EMAILS_PER_ADDRESS_PER_DAY, clientEmailKey, closeMailTransport } from "~/services/outbox/email.server";
import { runOutbox } from "~/services/outbox/worker.server";

import { createTestAdmin, createTestOrder, createTestService } from "../support/factories";
import { productText } from "../support/product-text";
import { getRequest, postRequest, send, sessionFor, TEST_ORIGIN } from "../support/route-args";
import {
  checkoutCompleted,
  invoiceEvent,
  newWebhookSecret,
  signedDelivery,
  stripeId,
  subscriptionDeleted,
} from "../support/stripe-events";
import { uniqueName, useTestDatabase } from "../support/test-database";
import { startTestServer } from "../support/webhook-server";

// The email channel through a real SMTP server on 127.0.0.1: what staff and clients
// receive, and a refusal retried on the outbox's schedule. PGlite only: the outbox's behaviour on
// PostgreSQL is tests/integration/outbox.test.ts's.

const SITE = "https://agency.test";
const STAFF = "staff@agency.test";
const FROM = "Agency <hello@agency.test>";

/** A text of docs/product.md's email table with its {placeholders} filled in, in order. */
function emailText(pattern: string, ...values: string[]): string {
  let next = 0;
  return productText(pattern).replace(/\{[^}]+\}/g, () => values[next++]);
}
const contactSubject = (name: string) => emailText("New contact message from {name}", name);

interface Received {
  from: string;
  to: string[];
  mail: ParsedMail;
}

const received: Received[] = [];
/** Called with each message the server accepts. */
const listeners = new Set<(message: Received) => void>();

/** Resolves when a message with this subject reaches this address. */
function mailArrives(address: string, subject: string): Promise<void> {
  return new Promise((resolve) => {
    const listener = ({ to, mail }: Received) => {
      if (!to.includes(address) || mail.subject !== subject) return;
      listeners.delete(listener);
      resolve();
    };
    listeners.add(listener);
  });
}
/** While set, the server refuses every message with this reply code. */
let refuseWith: number | null = null;

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ["STARTTLS"],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("end", () => {
      if (refuseWith) {
        return callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: refuseWith }));
      }
      simpleParser(Buffer.concat(chunks)).then(
        (mail) => {
          const message = {
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map(({ address }) => address),
            mail,
          };
          received.push(message);
          for (const listener of listeners) listener(message);
          callback();
        },
        (error: Error) => callback(error),
      );
    });
  },
});

const globalEnv = globalThis as typeof globalThis & { __appEnv?: Env };
let original: Env | undefined;

beforeAll(async () => {
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const { port } = smtp.server.address() as { port: number };
  original = getEnv();
  globalEnv.__appEnv = {
    ...original,
    SITE_URL: SITE,
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    MAIL_FROM: FROM,
    STAFF_EMAIL: STAFF,
  };
});
afterAll(async () => {
  globalEnv.__appEnv = original;
  closeMailTransport();
  await new Promise<void>((resolve) => smtp.close(resolve));
});

const clientSubject = (company: string, service: string) =>
  productText("Your order with {company}: {service}").replace("{company}", company).replace("{service}", service);

function mailsTo(address: string, subject: string): Received[] {
  return received.filter(({ to, mail }) => to.includes(address) && mail.subject === subject);
}

/** Every attempt at the deliveries of the event whose data has this id, oldest first. */
function attemptsFor(recordId: string) {
  return db()
    .select({
      channel: eventDeliveries.channel,
      status: eventDeliveries.status,
      ok: deliveryAttempts.ok,
      statusCode: deliveryAttempts.statusCode,
      response: deliveryAttempts.response,
    })
    .from(deliveryAttempts)
    .innerJoin(eventDeliveries, eq(eventDeliveries.id, deliveryAttempts.deliveryId))
    .innerJoin(outboxEvents, eq(outboxEvents.id, eventDeliveries.eventId))
    .where(sql`${outboxEvents.data}->>'id' = ${recordId}`)
    .orderBy(deliveryAttempts.attemptedAt);
}

describe("email from the outbox", () => {
  useTestDatabase("pglite");

  it("mails a new order to staff (reply-to: the client) and its confirmation to the client, escaping what they typed", async () => {
    const service = await createTestService(db(), { isActive: true, setupPrice: 149, monthlyPrice: 29 });
    const clientName = `${uniqueName("Ada")} <b>Bold</b>`;
    const clientEmail = `ada.${Date.now()}@example.com`;
    const notes = `<script>alert("x")</script> & more`;
    const order = await createOrder({
      clientName,
      clientEmail,
      clientPhone: "+1 555 0100",
      notes,
      serviceId: service.id,
    });
    const { companyName, supportEmail } = await getSiteSettings();

    await runOutbox();

    const statusUrl = `${SITE}/order/status/${order.statusToken}`;
    const [staff] = mailsTo(STAFF, emailText("New order: {service} from {client name}", service.name, clientName));
    expect(staff.from).toBe("hello@agency.test");
    expect(staff.mail.from?.value).toEqual([{ name: "Agency", address: "hello@agency.test" }]);
    expect(staff.mail.replyTo?.value).toEqual([{ name: clientName, address: clientEmail }]);
    expect(staff.mail.text).toContain(`${productText("Setup fee")}: $149`);
    expect(staff.mail.text).toContain(`${productText("Monthly")}: ${emailText("{price}/mo", "$29")}`);
    expect(staff.mail.text).toContain(`${productText("Total (first month)")}: $178`);
    expect(staff.mail.text).toContain("+1 555 0100");
    expect(staff.mail.text).toContain(notes);
    expect(staff.mail.text).toContain(
      productText
        .pattern("Open the order in the admin: {SITE_URL}/admin/orders?view={order id}", SITE)
        .replace("{order id}", order.id),
    );
    expect(staff.mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; more");
    expect(staff.mail.html).toContain("&lt;b&gt;Bold&lt;/b&gt;");
    expect(staff.mail.html).not.toMatch(/<script|<b>/);

    const [client] = mailsTo(clientEmail, emailText("Your order with {company}: {service}", companyName, service.name));
    expect(client.mail.from?.value).toEqual([{ name: "Agency", address: "hello@agency.test" }]);
    expect(client.mail.replyTo?.value).toEqual([{ name: "", address: supportEmail }]);
    expect(client.mail.text).toContain(productText("Hello,"));
    expect(client.mail.text).toContain(
      productText.pattern("See your order's status at any time: {status link}", statusUrl),
    );
    expect(client.mail.html).toContain(`<a href="${statusUrl}">`);
    expect(client.mail.html).not.toContain("<b>");
    expect(client.mail.text).not.toContain(notes);

    expect(await attemptsFor(order.id)).toEqual(
      expect.arrayContaining(
        ["staff_email", "client_email"].map((channel) =>
          expect.objectContaining({ channel, status: "delivered", ok: true, statusCode: 250 }),
        ),
      ),
    );
  });

  it("echoes nothing a visitor typed to the client's unverified address: no name, no notes, no phone", async () => {
    const service = await createTestService(db(), { isActive: true });
    const clientName = `Claim your refund at http://refund.example/${Date.now()} <a href="http://x.example">now</a>`;
    const clientEmail = `victim.${Date.now()}@example.com`;
    const notes = `Visit http://spam.example/${Date.now()} today`;
    await createOrder({ clientName, clientEmail, clientPhone: "+1 555 0199", notes, serviceId: service.id });
    const { companyName } = await getSiteSettings();

    await runOutbox();

    const [client] = mailsTo(clientEmail, clientSubject(companyName, service.name));
    expect(client.mail.text!.split("\n")[0]).toBe(productText("Hello,"));
    for (const body of [client.mail.text!, String(client.mail.html)]) {
      for (const typed of ["refund.example", "x.example", "Claim your refund", "spam.example", "+1 555 0199"]) {
        expect(body).not.toContain(typed);
      }
    }
    expect(client.mail.to).toMatchObject({ value: [{ address: clientEmail, name: "" }] });
  });

  it("mails one address at most 3 order confirmations a day, however it is spelt; staff get every order", async () => {
    const service = await createTestService(db(), { isActive: true });
    const mailbox = `target.${Date.now()}`;
    const spellings = [`${mailbox}@example.com`, `${mailbox.toUpperCase()}@Example.com`, `${mailbox}+a@example.com`];
    const names: string[] = [];
    for (const clientEmail of [...spellings, `${mailbox}+b@example.com`, `${mailbox}@example.com`]) {
      const clientName = uniqueName("Capped");
      names.push(clientName);
      await createOrder({ clientName, clientEmail, serviceId: service.id });
    }
    const { companyName } = await getSiteSettings();

    await runOutbox();

    const confirmations = received.filter(
      ({ to, mail }) =>
        to.some((address) => address.toLowerCase().startsWith(mailbox)) &&
        mail.subject === clientSubject(companyName, service.name),
    );
    expect(confirmations).toHaveLength(3);
    for (const clientName of names) {
      expect(
        mailsTo(
          STAFF,
          productText("New order: {service} from {client name}")
            .replace("{service}", service.name)
            .replace("{client name}", clientName),
        ),
      ).toHaveLength(1);
    }
    const statuses = await db()
      .select({ status: eventDeliveries.status })
      .from(eventDeliveries)
      .innerJoin(outboxEvents, eq(outboxEvents.id, eventDeliveries.eventId))
      .where(
        sql`${eventDeliveries.channel} = 'client_email' and lower(${outboxEvents.data}->>'client_email') like ${`${mailbox}%`}`,
      );
    expect(statuses.map(({ status }) => status).toSorted()).toEqual([
      "cancelled",
      "cancelled",
      "delivered",
      "delivered",
      "delivered",
    ]);
    // The counter holds no address.
    const keys = await db().select({ key: rateLimits.key }).from(rateLimits);
    expect(keys.filter(({ key }) => key.toLowerCase().includes(mailbox))).toEqual([]);
  });

  it("mails a contact message and a chat lead to staff, the lead with a link to its conversation", async () => {
    const name = uniqueName("Grace");
    const email = `grace.${Date.now()}@example.com`;
    await createContactMessage({ name, email, message: "Can you <i>automate</i> my invoices?" });
    const sessionId = `session_${Date.now()}_leadmail1`;
    const lead = uniqueName("Linus");
    await createContactMessage({ name: lead, email, message: "Call me back", chatSessionId: sessionId });

    await runOutbox();

    const [contact] = mailsTo(STAFF, contactSubject(name));
    expect(contact.mail.replyTo?.value).toEqual([{ name, address: email }]);
    expect(contact.mail.text).toContain("Can you <i>automate</i> my invoices?");
    expect(contact.mail.html).toContain("Can you &lt;i&gt;automate&lt;/i&gt; my invoices?");
    expect(contact.mail.text).toContain(emailText("Open the messages in the admin: {SITE_URL}/admin/messages", SITE));

    const [chat] = mailsTo(STAFF, emailText("New chat lead from {name}", lead));
    expect(chat.mail.replyTo?.value).toEqual([{ name: lead, address: email }]);
    expect(chat.mail.text).toContain(
      emailText("Open the conversation in the admin: {SITE_URL}/admin/chats?session={session id}", SITE, sessionId),
    );
    // Only the order confirmation goes to a visitor.
    expect(received.filter(({ to }) => to.includes(email))).toHaveLength(0);
  });

  it("mails the client their order's link when staff request payment, prices in the site's currency", async () => {
    const admin = await sessionFor(await createTestAdmin(db()));
    const clientEmail = `payer.${Date.now()}@example.com`;
    const order = await createTestOrder(db(), { clientEmail, setupPrice: 149, monthlyPrice: 29.5, totalPrice: 178.5 });
    await updateSiteSettings({ currency: "EUR" });
    try {
      const { companyName } = await getSiteSettings();
      const requested = await send(
        postRequest(`/admin/orders?view=${order.id}`, { intent: "request-payment", orderId: order.id }, admin),
      );
      expect(requested.status).toBe(302);
      expect(requested.toast?.description).toBe(productText("The client is emailed the link to their order."));
      const subject = emailText("Your order with {company} is ready to pay: {service}", companyName, order.serviceName);
      const arrived = mailArrives(clientEmail, subject);
      await runOutbox();
      await arrived;
      const [mail] = mailsTo(clientEmail, subject);
      const statusUrl = `${SITE}/order/status/${order.statusToken}`;
      expect(mail.mail.text).toContain(
        emailText(
          '{company} has confirmed your order. You can now pay on your order\'s page with "Pay now".',
          companyName,
        ),
      );
      expect(mail.mail.text).toContain(`${productText("Setup fee")}: €149`);
      expect(mail.mail.text).toContain(`${productText("Total (first month)")}: €178.50`);
      expect(mail.mail.text).toContain(`${productText("Open your order and pay")}: ${statusUrl}`);
      // Only the client is mailed: staff pressed the button themselves.
      expect(mailsTo(STAFF, subject)).toEqual([]);
    } finally {
      await updateSiteSettings({ currency: "USD" });
    }
  });

  // The Orders and Messages screens share the timeline's form (docs/product.md §14.3).
  it.each([
    {
      screen: "orders",
      record: async (clientEmail: string) => (await createTestOrder(db(), { clientEmail })).id,
      timelineOf: (loaderData: unknown) => (loaderData as { timeline: { entries: TimelineEntry[] } }).timeline.entries,
    },
    {
      screen: "messages",
      record: async (clientEmail: string) => {
        const message = await createContactMessage({ name: "Mo", email: clientEmail, message: "Invoices?" });
        // The team hears of the message first, as the worker does within seconds.
        await runOutbox();
        return message.id;
      },
      timelineOf: (loaderData: unknown) => (loaderData as { viewing: { entries: TimelineEntry[] } }).viewing.entries,
    },
  ])(
    "sends the email staff write from $screen to the client, reply-to the support email, and shows it delivered",
    async ({ screen, record, timelineOf }) => {
      const staff = await createTestAdmin(db());
      const admin = await sessionFor(staff);
      const clientEmail = `asked.${screen}.${Date.now()}@example.com`;
      const recordId = await record(clientEmail);
      const { supportEmail } = await getSiteSettings();
      const subject = uniqueName("About your automation");
      const path = `/admin/${screen}?view=${recordId}`;
      const sent = await send(
        postRequest(path, { intent: "email-client", recordId, subject, body: "Hello,\n\nThursday at 10?" }, admin),
      );
      expect(sent.status).toBe(302);
      expect(sent.toast?.message).toBe(productText("Email on its way"));
      const arrived = mailArrives(clientEmail, subject);
      await runOutbox();
      await arrived;
      const [mail, ...more] = received.filter(({ to }) => to.includes(clientEmail));
      expect(more.map((other) => other.mail.subject)).toEqual([]);
      expect(mail.to).toEqual([clientEmail]);
      expect(mail.mail.subject).toBe(subject);
      expect(mail.mail.replyTo?.value).toEqual([{ name: "", address: supportEmail }]);
      expect(mail.mail.text).toBe("Hello,\n\nThursday at 10?\n");
      const page = await send(getRequest(path, admin));
      expect(timelineOf(page.loaderData[`routes/admin/${screen}`])[0]).toMatchObject({
        kind: "staff_email",
        subject,
        body: "Hello,\n\nThursday at 10?",
        to: clientEmail,
        by: staff.username,
        status: "delivered",
      });
    },
  );

  it("says on the dashboard whether email is on, and to whom staff mail goes", async () => {
    const cookie = await sessionFor(await createTestAdmin(db()));
    const dashboard = async () =>
      ((await send(getRequest("/admin", cookie))).loaderData["routes/admin/dashboard"] as { email: unknown }).email;
    expect(await dashboard()).toEqual({ staffEmail: STAFF });
    const on = globalEnv.__appEnv;
    globalEnv.__appEnv = original;
    try {
      expect(await dashboard()).toBeNull();
    } finally {
      globalEnv.__appEnv = on;
    }
  });

  it("logs a refused message as a failed attempt and sends it again when the retry falls due", async () => {
    const name = uniqueName("Refused");
    const message = await createContactMessage({ name, email: "refused@example.com", message: "Hello" });
    refuseWith = 451;
    try {
      await runOutbox();
    } finally {
      refuseWith = null;
    }
    expect(mailsTo(STAFF, contactSubject(name))).toHaveLength(0);
    expect(await attemptsFor(message.id)).toMatchObject([{ status: "pending", ok: false, statusCode: 451 }]);
    const [{ response }] = await attemptsFor(message.id);
    expect(response).toContain("Mailbox busy, try again later");

    // Not due yet: nothing is sent before the back-off ends.
    await runOutbox();
    expect(mailsTo(STAFF, contactSubject(name))).toHaveLength(0);

    await runOutbox({ now: () => new Date(Date.now() + 6_000) });
    expect(mailsTo(STAFF, contactSubject(name))).toHaveLength(1);
    expect(await attemptsFor(message.id)).toMatchObject([
      { status: "delivered", ok: false, statusCode: 451 },
      { status: "delivered", ok: true, statusCode: 250 },
    ]);
  });

  it("mails an order within 2 s while ten event webhooks never answer", async () => {
    const hanging = await Promise.all(Array.from({ length: 10 }, () => startTestServer(() => {})));
    const webhooks = await db()
      .insert(eventWebhooks)
      .values(
        hanging.map((receiver) => ({
          name: uniqueName("Hanging"),
          url: `${receiver.url}/events`,
          events: ["contact.created" as const, "order.created" as const],
          secret: sealSecret(newSigningSecret()),
        })),
      )
      .returning({ id: eventWebhooks.id });
    let run: Promise<number> | undefined;
    try {
      // Their backlog falls due before the order's email, as after an outage.
      await createContactMessage({ name: uniqueName("Backlog"), email: "backlog@example.com", message: "Hi" });
      await dispatchEvents(100, () => [], new Date(Date.now() - 1000));
      const service = await createTestService(db(), { isActive: true });
      const clientEmail = `hanging.${Date.now()}@example.com`;
      const clientName = uniqueName("Client");
      await createOrder({ clientName, clientEmail, serviceId: service.id });
      const { companyName } = await getSiteSettings();
      const mailed = Promise.all([
        mailArrives(STAFF, emailText("New order: {service} from {client name}", service.name, clientName)),
        mailArrives(clientEmail, emailText("Your order with {company}: {service}", companyName, service.name)),
      ]);
      const startedAt = performance.now();
      run = runOutbox();
      await mailed;
      expect(performance.now() - startedAt).toBeLessThan(2000);
      expect(hanging.flatMap((receiver) => receiver.received).length).toBeGreaterThanOrEqual(10);
    } finally {
      // Dropped connections end the hanging attempts, so the run can finish.
      await Promise.all(hanging.map((receiver) => receiver.close()));
      await run;
      await db()
        .delete(eventWebhooks)
        .where(
          inArray(
            eventWebhooks.id,
            webhooks.map(({ id }) => id),
          ),
        );
    }
  });
  it("mails a payment's receipt to the client and notes of payments, failures and cancellations to staff", async () => {
    const secret = newWebhookSecret();
    await saveIntegrations({ stripeWebhookSecret: secret });
    const deliver = async (event: unknown) => {
      const { body, signature } = signedDelivery(event, secret);
      const request = new Request(`${TEST_ORIGIN}/webhooks/stripe`, {
        method: "POST",
        body,
        headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      });
      expect((await send(request)).status).toBe(200);
    };
    const clientName = uniqueName("Payer");
    const clientEmail = `payer.${Date.now()}@example.com`;
    const order = await createTestOrder(db(), {
      clientName,
      clientEmail,
      serviceName: "Invoice Robot",
      setupPrice: 1499.5,
      monthlyPrice: 29,
      totalPrice: 1528.5,
    });
    // The address has had its order confirmations for today: a receipt answers a payment Stripe
    // confirmed, not a form anyone may send, so it still goes out.
    for (let i = 0; i < CLIENT_EMAILS_PER_ADDRESS_PER_DAY; i++) {
      await hitRateLimit(clientEmailKey(clientEmail), CLIENT_EMAILS_PER_ADDRESS_PER_DAY, 24 * 60 * 60 * 1000);
    }
    const { companyName, supportEmail } = await getSiteSettings();
    const subscription = stripeId("sub");
    const invoice = stripeId("in");
    await deliver(checkoutCompleted(order.id, { amountTotal: 152_850, currency: "usd", subscription, invoice }));
    await runOutbox();

    const amount = "$1,528.50";
    const [receipt] = mailsTo(
      clientEmail,
      emailText("Payment received by {company}: {service}", companyName, "Invoice Robot"),
    );
    expect(receipt.mail.replyTo?.value).toEqual([{ name: "", address: supportEmail }]);
    expect(receipt.mail.text).toContain(productText("Hello,"));
    expect(receipt.mail.text).toContain(
      emailText("Thank you: {company} received your payment of {amount}.", companyName, amount),
    );
    expect(receipt.mail.text).toContain(`${productText("Amount")}: ${amount}`);
    expect(receipt.mail.text).toContain(`${productText("Payment")}: ${productText("Setup fee and first month")}`);
    expect(receipt.mail.text).toContain(`${productText("Reference")}: ${invoice}`);
    expect(receipt.mail.text).toContain(
      productText.pattern(
        "See your order's status at any time: {status link}",
        `${SITE}/order/status/${order.statusToken}`,
      ),
    );
    expect(receipt.mail.text).not.toContain(clientName);

    const [staff] = mailsTo(STAFF, emailText("Payment received: {amount} from {client name}", amount, clientName));
    expect(staff.mail.replyTo?.value).toEqual([{ name: clientName, address: clientEmail }]);
    expect(staff.mail.text).toContain(
      emailText("{client name} paid {amount} through {provider}.", clientName, amount, "Stripe"),
    );
    expect(staff.mail.text).toContain(`${SITE}/admin/orders?view=${order.id}`);

    // A renewal that fails, then the subscription's end: staff are told of each.
    await deliver(invoiceEvent("invoice.payment_failed", { subscription, amount: 2_900, currency: "usd" }));
    await deliver(subscriptionDeleted(subscription));
    await runOutbox();
    const [failed] = mailsTo(STAFF, emailText("Payment failed: {amount} from {client name}", "$29", clientName));
    expect(failed.mail.text).toContain(
      emailText(
        "A payment of {amount} from {client name} through {provider} failed. The order shows the subscription as past due until a payment succeeds.",
        "$29",
        clientName,
        "Stripe",
      ),
    );
    expect(failed.mail.text).toContain(`${productText("Payment")}: ${productText("Monthly support")}`);
    const [cancelled] = mailsTo(
      STAFF,
      emailText("Subscription cancelled: {service} for {client name}", "Invoice Robot", clientName),
    );
    expect(cancelled.mail.text).toContain(
      emailText(
        "{client name}'s monthly subscription for {service} was cancelled: no further monthly payments will be taken.",
        clientName,
        "Invoice Robot",
      ),
    );
    // Neither is mailed to the client.
    expect(received.filter(({ to }) => to.includes(clientEmail))).toHaveLength(1);

    // Paid again through a second checkout, in a zero-decimal currency: flagged to staff.
    await deliver(checkoutCompleted(order.id, { amountTotal: 5_000, currency: "jpy" }));
    await runOutbox();
    const [flagged] = mailsTo(
      STAFF,
      emailText("Check this payment: {amount} from {client name}", "¥5,000", clientName),
    );
    expect(flagged.mail.text).toContain(
      emailText(
        "{client name} paid {amount} through {provider} for an order that was already paid. Check whether it was paid twice, and refund one if so.",
        clientName,
        "¥5,000",
        "Stripe",
      ),
    );
  });
});
