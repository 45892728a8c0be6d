import { providerWebhookAnswers } from "./provider-webhooks";

// Booking a call: the booking link on the public pages and in the chat, the Integrations fields,
// Cal.com's webhook answers, and the bookings in the admin (docs/product.md §14.2).

export const BOOKING_LINK = {
  /** The order-submitted page, the order-status page and the contact form's success. */
  heading: "Book your consultation call",
  text: "Pick a time that suits you: it takes a minute, and we will have read your details before we talk.",
  button: "Book a call",
  /** The chat's quick reply. */
  chatButton: "Book a call",
  newTab: "(opens in a new tab)",
} as const;

export const BOOKING_INTEGRATION_TEXTS = {
  section: "Booking a call",
  sectionDescription:
    "Your booking page (Cal.com, Calendly or any other) is offered wherever the next step is a call. Cal.com can also tell this site about each booking, so it shows on the order.",
  pageUrlLabel: "Booking Page URL",
  pageUrlHint:
    "For example https://cal.com/your-name/consultation. Cal.com and Calendly links are prefilled with the client's name and email.",
  secretLabel: "Cal.com Webhook Secret",
  webhookHint:
    "In Cal.com, add a webhook (Settings → Developer → Webhooks) for Booking Created, Booking Rescheduled and Booking Cancelled, with this address and the secret you type above.",
  endpointLabel: "Webhook address",
  endpointUnknown: "Set SITE_URL to see the address Cal.com should post to.",
} as const;

export const CAL_WEBHOOK_ANSWERS = {
  ...providerWebhookAnswers("Cal.com"),
  // A ping or a trigger the site does not take: answered so Cal.com does not retry it.
  ignored: { status: 200, text: "Received; nothing to do." },
  invalid: { status: 400, text: "The booking could not be read." },
};
export const CAL_WEBHOOK_GET = "Cal.com posts its bookings here.";

export const BOOKING_TEXTS = {
  /** The order's and the status page's "Your call" line. */
  statusHeading: "Your consultation call",
  statuses: { booked: "Booked", rescheduled: "Rescheduled", cancelled: "Cancelled" },
  at: (when: string) => `On ${when}`,
  unmatchedHeading: "Bookings not matched",
  unmatchedHint: "Calls booked with an email that matches no order or message. Attach one here.",
  attachLabel: "Booking to attach",
  attachSubmit: "Attach booking",
  attachInvalid: "Choose a booking to attach.",
  attached: { message: "Booking attached" },
  attachGone: "That booking is no longer waiting to be attached.",
  option: (name: string, email: string, when: string) => `${name} <${email}>, ${when}`,
} as const;
