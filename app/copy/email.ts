// The emails' texts (docs/product.md, "Email"), written once: the messages and the tests
// read them from here. What the visitor typed is put in as given; the HTML is escaped where it is made
// (app/services/outbox/email.server.ts).

export const EMAIL_TEXTS = {
  staffOrder: {
    subject: (serviceName: string, clientName: string) => `New order: ${serviceName} from ${clientName}`,
    intro: (clientName: string) => `${clientName} ordered a service on the website.`,
    client: "Client",
    name: "Name",
    email: "Email",
    phone: "Phone",
    notes: "Project details",
    none: "(none)",
    adminLink: "Open the order in the admin",
  },
  clientOrder: {
    subject: (companyName: string, serviceName: string) => `Your order with ${companyName}: ${serviceName}`,
    greeting: "Hello,",
    intro: (companyName: string) =>
      `Thank you for your order with ${companyName}. We'll contact you within 24 hours to discuss your project and payment.`,
    statusLink: "See your order's status at any time",
    signOff: (companyName: string) => `The ${companyName} team`,
  },
  contact: {
    subject: (name: string) => `New contact message from ${name}`,
    intro: (name: string, email: string) => `${name} <${email}> wrote through the contact form:`,
    adminLink: "Open the messages in the admin",
  },
  chatLead: {
    subject: (name: string) => `New chat lead from ${name}`,
    intro: (name: string, email: string) =>
      `${name} <${email}> left their address in the chat while no one could answer:`,
    adminLink: "Open the conversation in the admin",
  },
  order: {
    service: "Service",
    setupFee: "Setup fee",
    monthly: "Monthly",
    noMonthly: "none (one-off)",
    total: "Total (first month)",
  },
  replyHint: "Reply to this email to answer them.",
} as const;

/** The admin dashboard's line about email (docs/product.md, Admin Dashboard). */
/** The client's email when staff press "Request payment" (docs/product.md §11.3). */
export const PAYMENT_REQUEST_EMAIL = {
  subject: (companyName: string, serviceName: string) =>
    `Your order with ${companyName} is ready to pay: ${serviceName}`,
  intro: (companyName: string) =>
    `${companyName} has confirmed your order. You can now pay on your order's page with "Pay now".`,
  payLink: "Open your order and pay",
} as const;

export const EMAIL_STATUS_TEXTS = {
  off: "Email is off: set SMTP_URL, MAIL_FROM and STAFF_EMAIL to email staff about new orders and messages, and clients their order confirmation.",
  on: (staffEmail: string) =>
    `Email is on: staff mail about new orders and messages goes to ${staffEmail}; clients get their order confirmation.`,
} as const;
