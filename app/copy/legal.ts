// The privacy policy and terms a visitor reads until the admin writes their own (lib/legal-texts.ts
// fills them in from the current settings and configuration): markdown, one function a page.

export const LEGAL_TEMPLATE_TEXTS = {
  months: (count: number) => (count === 1 ? "1 month" : `${count} months`),
  days: (count: number) => (count === 1 ? "1 day" : `${count} days`),
  /** One sentence on what the chat's webhooks learn of the visitor's address, by the settings' mode. */
  webhookIp: {
    none: "Our chat assistant's services do not receive your IP address.",
    truncated:
      "Our chat assistant's services receive a shortened form of your IP address (its network part: the first three numbers of an IPv4 address, the first three groups of an IPv6 address), never the full address.",
    full: "Our chat assistant's services receive your full IP address with each chat message.",
  },
  /** What each business event hands a webhook of the visitor's data (app/models/event-data.server.ts). */
  eventData: {
    "order.created": "your orders (name, email address, phone number, service, prices and project details)",
    "order.status_changed": "changes to your orders' status, with the same details",
    "contact.created": "your contact messages (name, email address and message)",
    "chat.conversation_started": "the first message of each chat conversation",
    "chat.lead_captured": "the name, email address and message you leave in the chat",
    "payment.succeeded":
      "your payments (amount, currency and the payment provider's reference) with your order's details",
    "payment.failed": "your failed payments, with the same details",
    "subscription.cancelled": "the end of your monthly subscription, with your order's details",
    "chat.handoff_requested": "your requests to talk to a person in the chat, with the conversation's first message",
    "chat.staff_replied": "our team's replies to you in the chat",
  },
  recipients: {
    chatHosts: (hosts: string) =>
      `- **Our chat assistant's automation services** (${hosts}) receive your chat messages, and the images or voice notes you send, to write the assistant's replies.`,
    noChatService: "- **Our chat assistant**: no automation service is connected now; your chat messages stay with us.",
    payments:
      "- **Stripe** (stripe.com) and **PayPal** (paypal.com), when you pay an order online through them, receive your name, email address and the amounts you pay; your card or account details go to them directly and never reach us.",
    eventReceiver: (host: string, what: string) =>
      `- **\`${host}\`**, a service our business runs on, receives ${what}.`,
    email:
      "- **Our mail server** carries the emails about your order or message to our staff (with your name, email address, phone number and project details), and your order confirmation to you (the service and prices only).",
    airtable:
      "- **Airtable** (airtable.com), where we keep our order list, receives your orders: name, email address, phone number, service, prices, status and project details.",
    supabaseStorage: "- **Supabase** (supabase.com) stores the images and voice notes you send in the chat.",
  },
  privacyPolicy: (facts: {
    companyName: string;
    contactRetention: string;
    chatRetention: string;
    uploadsRetention: string;
    /** The markdown list of who else receives the visitor's data. */
    recipients: string;
    supportEmail: string;
  }) => `${facts.companyName} runs this website. This policy says what we store about you, why, where it goes, and for how long.

## What we store

- **Orders**: your name, email address, phone number (if you give it), the service you chose, its prices and your project details. We keep orders as long as we need them for our accounts and legal obligations.
- **Payments**: what you paid for each order (the amount, the date, and the payment provider's reference for it), kept with the order for our accounts, also after your other data is erased.
- **Contact messages**: your name, email address and message, for ${facts.contactRetention}, then they are deleted.
- **Chat conversations**: the messages you write to our assistant and its replies, and the images or voice notes you send. Conversations are deleted ${facts.chatRetention} after their last message; files are deleted after ${facts.uploadsRetention}.
- **Your IP address**: used for a short time to limit how often forms and the chat can be used, so the site stays available; it is not stored with your messages.

## Who else receives it

${facts.recipients}

A record of what was sent to each of them is kept for 30 days. We do not sell your data or use it for advertising.

## Cookies

The chat remembers your conversation with a cookie. We use no tracking or advertising cookies.

## Your rights

You can ask us for a copy of what we store about you, or ask us to correct or delete it: write to ${facts.supportEmail}.
`,
  /** `who` is the company's name, with its address when the settings have one. */
  terms: (facts: {
    who: string;
    companyName: string;
    supportEmail: string;
  }) => `These terms apply when you order a service from ${facts.who} ("we") through this website. They are a starting point: [governing law and court, to be completed by ${facts.companyName}].

## What you order

Each service on this site is an automation we build for you: a set of workflows that connect the tools you name, configured for your accounts, tested with you and handed over with a short description of how they work. What a service includes is its description on this site; what your project needs beyond it we agree with you in writing before work starts.

## How an order works

Submitting the order form is a request, not a purchase: nothing is charged. We contact you within 24 hours to confirm the scope, price and timeline. The contract is made when you accept our written proposal; until then you can withdraw your request at no cost.

## Prices and payment

Prices are shown in US dollars. The setup fee is paid once: we invoice it when you accept the proposal, and it is due within 14 days of the invoice, before the workflows go live. Where a service shows a monthly fee, it is invoiced at the start of each month from the month the workflows go live.

## Monthly support

The monthly fee covers hosting or monitoring of the delivered workflows, fixes when a connected tool changes, and answers to your questions by email at ${facts.supportEmail}. New workflows or changes of scope are quoted separately. You can cancel the monthly support at any time by writing to ${facts.supportEmail}: it ends at the end of the month in which you cancel, and nothing more is invoiced. We may end it with 30 days' notice.

## Refunds

If we cannot deliver what the proposal describes, you get the setup fee back in full. Once you have approved the delivered workflows, the setup fee is not refunded. A month of support already begun is not refunded. Nothing in these terms limits the rights consumer law gives you.

## Who owns the workflows

Once the setup fee is paid, the workflows we build for you are yours: you may use, change and copy them as you wish. Your accounts, keys and data remain yours throughout. We keep the right to reuse general techniques and parts that are not specific to you.

## Liability

We build with care, but the workflows rely on third-party tools we do not control. We are not liable for losses caused by those tools, by changes you make, or by indirect or consequential losses. Our total liability for a project is limited to the fees you paid us for it in the 12 months before the claim, except where the law does not allow such a limit.

## Your information

We use what you send us to answer and carry out your request, as our [privacy policy](/privacy) describes.

## Governing law

These terms are governed by the law of [country or state, to be completed], and disputes go to the courts of [place, to be completed].

## Questions

Write to ${facts.supportEmail}.
`,
} as const;
