import { createHmac } from "node:crypto";

import type { Transporter } from "nodemailer";
import type SMTPPool from "nodemailer/lib/smtp-pool";
import { z } from "zod";

import { DELIVERY_LOG_TEXTS } from "~/copy/admin";
import { EMAIL_TEXTS, PAYMENT_REQUEST_EMAIL } from "~/copy/email";
import { HANDOFF_EMAIL_TEXT } from "~/copy/handoff";
import { PAYMENT_EMAIL_TEXTS } from "~/copy/payment-events";
import { PAYMENT_KINDS, PAYMENT_PROVIDERS } from "~/lib/domain";
import { getEnv } from "~/lib/env.server";
import { log } from "~/lib/log.server";
import { formatMonthlyPrice, formatPrice, hasMonthlyPrice } from "~/lib/pricing";
import { siteOrigin } from "~/lib/site-url.server";
import type { DueDelivery } from "~/models/outbox.server";
import { hitRateLimit, peekRateLimit } from "~/models/rate-limits.server";
import { currentSiteSettings } from "~/services/site-settings.server";

import { type Block, renderHtml, renderText } from "./email-body.server";
import type { DeliveryHandler, DeliveryOutcome } from "./handler";

// Email to staff and to the client, sent from the outbox like any delivery, so a mail
// server that is down or refuses is tried again on the worker's schedule. Which events are mailed
// is app/services/outbox/channels.server.ts's.

const OrderData = z.object({
  id: z.string(),
  client_name: z.string(),
  client_email: z.string(),
  client_phone: z.string().nullable(),
  service_name: z.string(),
  setup_price: z.number(),
  monthly_price: z.number(),
  total_price: z.number(),
  notes: z.string().nullable(),
  status_url: z.string(),
});
type OrderData = z.infer<typeof OrderData>;

// A payment event carries the payment, with its order as order.created has it.
const PaymentData = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  kind: z.enum(PAYMENT_KINDS),
  amount: z.number(),
  currency: z.string(),
  provider_reference: z.string().nullable(),
  flagged: z.boolean(),
  order: OrderData,
});
type PaymentData = z.infer<typeof PaymentData>;
const SubscriptionData = z.object({ order: OrderData });

const ContactData = z.object({
  name: z.string(),
  email: z.string(),
  message: z.string(),
  chat_session_id: z.string().nullable(),
});

interface Message {
  to: string;
  replyTo: { name: string; address: string } | string;
  subject: string;
  text: string;
  html: string;
}

// One pooled connection per SMTP_URL, opened on the first message; closed at shutdown. nodemailer
// is loaded then too: a site without SMTP_URL never has it in its memory
// (docs/performance.md, "Memory").
let pool: { url: string; transport: Transporter<SMTPPool.SentMessageInfo> } | undefined;

async function transportFor(url: string): Promise<Transporter<SMTPPool.SentMessageInfo>> {
  const { createTransport } = await import("nodemailer");
  if (pool?.url !== url) {
    pool?.transport.close();
    pool = { url, transport: createTransport({ url, pool: true, maxConnections: 2 }) };
  }
  return pool.transport;
}

/** Shutdown: the pooled SMTP connections are closed. */
export function closeMailTransport(): void {
  pool?.transport.close();
  pool = undefined;
}

/** A header never spans lines, whatever the visitor typed in their name. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

/** A link only when SITE_URL makes it absolute: a path alone means nothing in a mailbox. */
function absolute(url: string): string | null {
  return /^https?:\/\//.test(url) ? url : null;
}
function adminUrl(path: string): string | null {
  const origin = siteOrigin();
  return origin ? `${origin}${path}` : null;
}

function priceRows(order: OrderData, currency: string): [string, string][] {
  const texts = EMAIL_TEXTS.order;
  return [
    [texts.service, order.service_name],
    [texts.setupFee, formatPrice(order.setup_price, currency)],
    [
      texts.monthly,
      hasMonthlyPrice(order.monthly_price) ? formatMonthlyPrice(order.monthly_price, currency) : texts.noMonthly,
    ],
    [texts.total, formatPrice(order.total_price, currency)],
  ];
}

function paymentRows(payment: PaymentData): [string, string][] {
  const texts = PAYMENT_EMAIL_TEXTS;
  const kind =
    payment.kind === "monthly"
      ? texts.kind.monthly
      : hasMonthlyPrice(payment.order.monthly_price)
        ? texts.kind.setupWithMonth
        : texts.kind.setup;
  return [
    [EMAIL_TEXTS.order.service, payment.order.service_name],
    [texts.amount, formatPrice(payment.amount, payment.currency)],
    [texts.payment, kind],
    [texts.reference, payment.provider_reference ?? EMAIL_TEXTS.staffOrder.none],
  ];
}

const orderAdminLink = (orderId: string) => ({
  kind: "link" as const,
  label: EMAIL_TEXTS.staffOrder.adminLink,
  url: adminUrl(`/admin/orders?${new URLSearchParams({ view: orderId })}`),
});

function staffPaymentMessage(type: string, data: unknown, staffEmail: string): Message {
  const replyTo = (order: OrderData) => ({ name: oneLine(order.client_name), address: order.client_email });
  if (type === "subscription.cancelled") {
    const { order } = SubscriptionData.parse(data);
    const texts = PAYMENT_EMAIL_TEXTS.staffCancelled;
    return message(
      { to: staffEmail, replyTo: replyTo(order), subject: texts.subject(order.service_name, order.client_name) },
      [
        { kind: "paragraph", text: texts.intro(order.client_name, order.service_name) },
        orderAdminLink(order.id),
        { kind: "paragraph", text: EMAIL_TEXTS.replyHint },
      ],
    );
  }
  const payment = PaymentData.parse(data);
  const texts =
    type === "payment.failed"
      ? PAYMENT_EMAIL_TEXTS.staffFailed
      : payment.flagged
        ? PAYMENT_EMAIL_TEXTS.staffFlagged
        : PAYMENT_EMAIL_TEXTS.staffSucceeded;
  const amount = formatPrice(payment.amount, payment.currency);
  const { order } = payment;
  return message({ to: staffEmail, replyTo: replyTo(order), subject: texts.subject(amount, order.client_name) }, [
    { kind: "paragraph", text: texts.intro(order.client_name, amount, PAYMENT_EMAIL_TEXTS.provider[payment.provider]) },
    { kind: "fields", rows: paymentRows(payment) },
    {
      kind: "fields",
      rows: [
        [EMAIL_TEXTS.staffOrder.name, order.client_name],
        [EMAIL_TEXTS.staffOrder.email, order.client_email],
      ],
    },
    orderAdminLink(order.id),
    { kind: "paragraph", text: EMAIL_TEXTS.replyHint },
  ]);
}

function message(head: Omit<Message, "text" | "html">, blocks: Block[]): Message {
  return { ...head, subject: oneLine(head.subject), text: renderText(blocks), html: renderHtml(blocks) };
}

async function staffMessage(delivery: DueDelivery, staffEmail: string): Promise<Message> {
  const { type, data } = delivery.event;
  if (type === "order.created") {
    const order = OrderData.parse(data);
    const { currency } = await currentSiteSettings();
    const texts = EMAIL_TEXTS.staffOrder;
    return message(
      {
        to: staffEmail,
        replyTo: { name: oneLine(order.client_name), address: order.client_email },
        subject: texts.subject(order.service_name, order.client_name),
      },
      [
        { kind: "paragraph", text: texts.intro(order.client_name) },
        { kind: "fields", rows: priceRows(order, currency) },
        {
          kind: "fields",
          rows: [
            [texts.name, order.client_name],
            [texts.email, order.client_email],
            [texts.phone, order.client_phone ?? texts.none],
          ],
        },
        { kind: "paragraph", text: `${texts.notes}:` },
        { kind: "quote", text: order.notes ?? texts.none },
        {
          kind: "link",
          label: texts.adminLink,
          url: adminUrl(`/admin/orders?${new URLSearchParams({ view: order.id })}`),
        },
        { kind: "paragraph", text: EMAIL_TEXTS.replyHint },
      ],
    );
  }
  if (type === "contact.created" || type === "chat.lead_captured") {
    const contact = ContactData.parse(data);
    const texts = type === "contact.created" ? EMAIL_TEXTS.contact : EMAIL_TEXTS.chatLead;
    const link = contact.chat_session_id
      ? `/admin/chats?${new URLSearchParams({ session: contact.chat_session_id })}`
      : "/admin/messages";
    return message(
      {
        to: staffEmail,
        replyTo: { name: oneLine(contact.name), address: contact.email },
        subject: texts.subject(contact.name),
      },
      [
        { kind: "paragraph", text: texts.intro(contact.name, contact.email) },
        { kind: "quote", text: contact.message },
        { kind: "link", label: texts.adminLink, url: adminUrl(link) },
        { kind: "paragraph", text: EMAIL_TEXTS.replyHint },
      ],
    );
  }
  if (type === "payment.succeeded" || type === "payment.failed" || type === "subscription.cancelled") {
    return staffPaymentMessage(type, data, staffEmail);
  }
  if (type === "chat.handoff_email") return staffHandoffMessage(data, staffEmail);
  throw new Error(`No staff email for ${type} events`);
}

const HandoffData = z.object({
  session_id: z.string(),
  requested_by: z.string().nullable(),
  first_message: z.string().nullable(),
});

/** A chat conversation waits for a person (docs/product.md §12.1): the link opens it in Admin → Chats. */
async function staffHandoffMessage(data: unknown, staffEmail: string): Promise<Message> {
  const handoff = HandoffData.parse(data);
  const { supportEmail } = await currentSiteSettings();
  return message({ to: staffEmail, replyTo: supportEmail, subject: HANDOFF_EMAIL_TEXT.subject }, [
    {
      kind: "paragraph",
      text: handoff.requested_by === "assistant" ? HANDOFF_EMAIL_TEXT.introAssistant : HANDOFF_EMAIL_TEXT.intro,
    },
    ...(handoff.first_message
      ? [
          { kind: "paragraph" as const, text: HANDOFF_EMAIL_TEXT.firstMessage },
          { kind: "quote" as const, text: handoff.first_message },
        ]
      : []),
    {
      kind: "link",
      label: HANDOFF_EMAIL_TEXT.link,
      url: adminUrl(`/admin/chats?${new URLSearchParams({ session: handoff.session_id })}`),
    },
  ]);
}

/**
 * The address is not verified, so the client's copy carries nothing the visitor typed (no name, no
 * notes): otherwise anyone could make the site mail their text, under its name, to anyone.
 */
async function clientMessage(delivery: DueDelivery): Promise<Message> {
  const { type, data } = delivery.event;
  if (type === "payment.succeeded") return clientReceipt(PaymentData.parse(data));
  if (type !== "order.created" && type !== "order.payment_requested") {
    throw new Error(`No client email for ${type} events`);
  }
  const order = OrderData.parse(data);
  const { companyName, supportEmail, currency } = await currentSiteSettings();
  const texts = EMAIL_TEXTS.clientOrder;
  if (type === "order.payment_requested") {
    return message(
      {
        to: order.client_email,
        replyTo: supportEmail,
        subject: PAYMENT_REQUEST_EMAIL.subject(companyName, order.service_name),
      },
      [
        { kind: "paragraph", text: texts.greeting },
        { kind: "paragraph", text: PAYMENT_REQUEST_EMAIL.intro(companyName) },
        { kind: "fields", rows: priceRows(order, currency) },
        { kind: "link", label: PAYMENT_REQUEST_EMAIL.payLink, url: absolute(order.status_url) },
        { kind: "paragraph", text: texts.signOff(companyName) },
      ],
    );
  }
  return message(
    { to: order.client_email, replyTo: supportEmail, subject: texts.subject(companyName, order.service_name) },
    [
      { kind: "paragraph", text: texts.greeting },
      { kind: "paragraph", text: texts.intro(companyName) },
      { kind: "fields", rows: priceRows(order, currency) },
      { kind: "link", label: texts.statusLink, url: absolute(order.status_url) },
      { kind: "paragraph", text: texts.signOff(companyName) },
    ],
  );
}

/** The receipt of a payment the provider confirmed: like the confirmation, nothing the visitor typed. */
async function clientReceipt(payment: PaymentData): Promise<Message> {
  const { companyName, supportEmail } = await currentSiteSettings();
  const texts = PAYMENT_EMAIL_TEXTS.clientReceipt;
  const { order } = payment;
  return message(
    { to: order.client_email, replyTo: supportEmail, subject: texts.subject(companyName, order.service_name) },
    [
      { kind: "paragraph", text: EMAIL_TEXTS.clientOrder.greeting },
      { kind: "paragraph", text: texts.intro(formatPrice(payment.amount, payment.currency), companyName) },
      { kind: "fields", rows: paymentRows(payment) },
      { kind: "link", label: EMAIL_TEXTS.clientOrder.statusLink, url: absolute(order.status_url) },
      { kind: "paragraph", text: EMAIL_TEXTS.clientOrder.signOff(companyName) },
    ],
  );
}

/** SMTP reply codes start the server's reply line ("250 2.0.0 Ok: queued as 1A2B"). */
function replyCode(line: string | undefined): number | null {
  const code = Number(/^(\d{3})/.exec(line ?? "")?.[1]);
  return Number.isInteger(code) && code > 0 ? code : null;
}

async function send(compose: (staffEmail: string) => Promise<Message>, timeoutMs: number): Promise<DeliveryOutcome> {
  const { SMTP_URL, MAIL_FROM, STAFF_EMAIL } = getEnv();
  // Email switched off after the delivery was made: nothing to send it with.
  if (!SMTP_URL || !MAIL_FROM || !STAFF_EMAIL) return { ok: false, statusCode: null, response: null, cancelled: true };
  const mail = await compose(STAFF_EMAIL);
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(DELIVERY_LOG_TEXTS.mailTimeout(timeoutMs))), timeoutMs);
  });
  try {
    const info = await Promise.race([(await transportFor(SMTP_URL)).sendMail({ from: MAIL_FROM, ...mail }), deadline]);
    return { ok: true, statusCode: replyCode(info.response), response: info.response };
  } catch (error) {
    const smtp = error as { responseCode?: number; message?: string };
    return {
      ok: false,
      statusCode: typeof smtp.responseCode === "number" ? smtp.responseCode : null,
      response: smtp.message ?? String(error),
    };
  } finally {
    clearTimeout(timer);
  }
}

export const deliverStaffEmail: DeliveryHandler = (delivery, { timeoutMs }) =>
  send((staffEmail) => staffMessage(delivery, staffEmail), timeoutMs);

/** Order confirmations one address may receive a day, whichever visitors and addresses ask for them. */
export const CLIENT_EMAILS_PER_ADDRESS_PER_DAY = 3;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The counter's key: the mailbox (case and a +tag do not make another one), keyed-hashed so the
 * rate-limit table never holds the address itself.
 */
export function clientEmailKey(address: string): string {
  const [local = "", domain = ""] = address
    .trim()
    .toLowerCase()
    .split(/@(?=[^@]*$)/);
  const mailbox = `${local.replace(/\+.*$/, "")}@${domain}`;
  return `client-email:${createHmac("sha256", getEnv().SESSION_SECRET).update(mailbox).digest("base64url")}`;
}

/** Whether the address has had its confirmations for today, so the next one will not be sent. */
export async function clientConfirmationsUsedUp(address: string): Promise<boolean> {
  const { hits } = await peekRateLimit(clientEmailKey(address), CLIENT_EMAILS_PER_ADDRESS_PER_DAY, DAY_MS);
  return hits >= CLIENT_EMAILS_PER_ADDRESS_PER_DAY;
}

export const deliverClientEmail: DeliveryHandler = async (delivery, { timeoutMs }) => {
  // Counted once per delivery, not per retry, and across every instance (the database's table). A
  // receipt answers a payment the provider confirmed, not a form anyone may send: it is not counted.
  if (delivery.event.type === "order.created" && delivery.attempts === 0 && getEnv().SMTP_URL) {
    const { client_email } = OrderData.pick({ client_email: true }).parse(delivery.event.data);
    const cap = await hitRateLimit(clientEmailKey(client_email), CLIENT_EMAILS_PER_ADDRESS_PER_DAY, DAY_MS);
    if (!cap.allowed) {
      log.warn("client email not sent: the address's daily cap is reached", { delivery: delivery.id });
      return { ok: false, statusCode: null, response: null, cancelled: true };
    }
  }
  return send(() => clientMessage(delivery), timeoutMs);
};
