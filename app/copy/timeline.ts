// The order's timeline, internal notes and emails to the client, on the order and on a contact
// message (docs/product.md §14.3).

export const TIMELINE_TEXTS = {
  heading: "Timeline",
  empty: "Nothing has happened yet.",
  orderPlaced: "Order placed",
  messageReceived: "Message received",
  statusChanged: (from: string, to: string) => `Status changed from ${from} to ${to}`,
  by: (name: string) => `by ${name}`,
  payment: (amount: string, status: string) => `Payment ${amount}: ${status}`,
  booking: {
    BOOKING_CREATED: "Call booked",
    BOOKING_RESCHEDULED: "Call rescheduled",
    BOOKING_CANCELLED: "Call cancelled",
  },
  bookingFor: (when: string) => `for ${when}`,
  emailSent: (subject: string) => `Email to the client: ${subject}`,
  automaticEmail: {
    client_email: "Email to the client",
    staff_email: "Email to the team",
  },
  eventEmails: {
    "order.created": "Order confirmation",
    "order.payment_requested": "Payment request",
    "payment.succeeded": "Payment receipt",
    "payment.failed": "Payment failed",
    "subscription.cancelled": "Subscription cancelled",
  } as Record<string, string>,
  otherEmail: "Notification",
  deliveryStates: { pending: "sending", delivered: "delivered", failed: "not delivered", cancelled: "not sent" },
  note: "Internal note",
  staffOnly: "Staff only",
} as const;

export const NOTE_TEXTS = {
  heading: "Add an internal note",
  hint: "Only staff see notes; the client never does.",
  label: "Note",
  required: "Write the note first.",
  tooLong: (max: number) => `Keep the note under ${max} characters.`,
  submit: "Add note",
  delete: "Delete note",
  deleteOf: (author: string) => `Delete the note by ${author}`,
  added: { message: "Note added" },
  deleted: { message: "Note deleted" },
  gone: "That note was already deleted.",
} as const;

export const CLIENT_EMAIL_TEXTS = {
  heading: "Email the client",
  hint: (supportEmail: string) => `Sent from the site; the client's reply goes to ${supportEmail}.`,
  noEmail: "The site sends no email: set SMTP_URL to email clients from here.",
  subjectLabel: "Subject",
  subjectRequired: "Write a subject.",
  subjectTooLong: (max: number) => `Keep the subject under ${max} characters.`,
  bodyLabel: "Message",
  bodyRequired: "Write the message.",
  bodyTooLong: (max: number) => `Keep the message under ${max} characters.`,
  submit: "Send email",
  sent: { message: "Email on its way" },
  failed: "The email could not be queued",
  defaultSubject: (service: string) => `Your order: ${service}`,
  replySubject: "Re: your message",
} as const;

export const MESSAGE_TIMELINE_TEXTS = {
  open: "Notes and reply",
  openOf: (name: string) => `for the message from ${name}`,
  close: "Close",
} as const;
