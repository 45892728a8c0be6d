import type { WebhookIpMode } from "./domain";

// The privacy policy and terms until the admin writes their own: markdown
// naming what the site really stores and for how long, filled in from the
// current settings so the periods stay true when they change.

export interface LegalFacts {
  companyName: string;
  supportEmail: string;
  chatRetentionMonths: number;
  contactRetentionMonths: number;
  uploadsRetentionDays: number;
  webhookIpMode: WebhookIpMode;
}

const months = (count: number) => (count === 1 ? "1 month" : `${count} months`);
const days = (count: number) => (count === 1 ? "1 day" : `${count} days`);

/** One sentence on what the chat's webhooks learn of the visitor's address; the privacy page always shows it. */
export function webhookIpStatement(mode: WebhookIpMode): string {
  switch (mode) {
    case "none":
      return "Our chat assistant's services do not receive your IP address.";
    case "truncated":
      return "Our chat assistant's services receive a shortened form of your IP address (its network part: the first three numbers of an IPv4 address, the first three groups of an IPv6 address), never the full address.";
    case "full":
      return "Our chat assistant's services receive your full IP address with each chat message.";
  }
}

export function defaultPrivacyPolicy(facts: LegalFacts): string {
  return `${facts.companyName} runs this website. This policy says what we store about you, why, and for how long.

## What we store

- **Orders**: your name, email address, phone number (if you give it), the service you chose, its prices and your project details. We keep orders as long as we need them for our accounts and legal obligations.
- **Contact messages**: your name, email address and message, for ${months(facts.contactRetentionMonths)}, then they are deleted.
- **Chat conversations**: the messages you write to our assistant and its replies, and the images or voice notes you send. Conversations are deleted ${months(facts.chatRetentionMonths)} after their last message; files are deleted after ${days(facts.uploadsRetentionDays)}.
- **Your IP address**: used for a short time to limit how often forms and the chat can be used, so the site stays available; it is not stored with your messages.

## Who else sees it

Chat messages are passed to the automation services that write the assistant's replies. ${webhookIpStatement(facts.webhookIpMode)}

We do not sell your data or use it for advertising.

## Cookies

The chat remembers your conversation with a cookie. We use no tracking or advertising cookies.

## Your rights

You can ask us for a copy of what we store about you, or ask us to correct or delete it: write to ${facts.supportEmail}.
`;
}

export function defaultTerms(facts: Pick<LegalFacts, "companyName" | "supportEmail">): string {
  return `These terms apply when you order a service from ${facts.companyName} through this website.

## Orders

Submitting the order form is a request, not a purchase: nothing is charged. We contact you to confirm the scope, price and timeline before any work starts, and you can withdraw your request until you approve our proposal.

## Prices

The setup fee is charged once; a monthly fee, where shown, covers ongoing support and can be cancelled at the end of any month. Prices are shown in US dollars.

## Your information

We use what you send us to answer and carry out your request, as our [privacy policy](/privacy) describes.

## Questions

Write to ${facts.supportEmail}.
`;
}
