// Texts the public site shows: those docs/product.md fixes word for word, and the site's own words
// around them. Written once here; the pages and the actions use these, while the tests spell the
// product's words out, so that a wrong text here is caught.

/** The hero's figures until the admin edits them (the spec's "Static stats"). */
export const DEFAULT_HERO_STATS = [
  { value: "150+", label: "Projects Completed" },
  { value: "80+", label: "Happy Clients" },
  { value: "5+", label: "Years Experience" },
];

/** The spec's copyright year, now the default year the business was founded. */
export const DEFAULT_FOUNDED_YEAR = 2024;

/**
 * The site before any settings are saved (docs/product.md §3 "Starting content" and §9): the seed
 * writes these into a new database without demo content; the settings model and the browser fall
 * back to them.
 */
export const DEFAULT_SETTINGS = {
  companyName: "Automation Services",
  workflowToolName: "n8n",
  homepageHeadline: "Automate Your Business with n8n",
  homepageSubtext: "We design, build and maintain workflow automations that save your team hours every week.",
  supportEmail: "hello@example.com",
  whatsappNumber: null,
  messengerLink: null,
  businessAddress: null,
  logoUrl: null,
  faviconUrl: null,
  primaryColor: null,
  secondaryColor: null,
  heroStats: DEFAULT_HERO_STATS,
  foundedYear: DEFAULT_FOUNDED_YEAR,
  chatStarterPrompts: [] as string[],
  currency: "USD",
  paymentTiming: "after_order",
} as const;

export const SKIP_LINK = "Skip to content";

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/order", label: "Order Now" },
] as const;

export const HEADER = {
  mainNav: "Main",
  mobileNav: "Mobile",
  admin: "Admin",
  adminMobile: "Admin Panel",
  getStarted: "Get Started",
  menu: "Menu",
} as const;

/** While a client-side navigation waits for a page without a loading text of its own. */
export const LOADING = "Loading...";

/** The hidden field only bots fill in (docs/product.md §6). */
export const HONEYPOT_LABEL = "Please leave this field empty";

export const MESSAGING = {
  whatsapp: "Chat with us on WhatsApp",
  messenger: "Message us on Messenger",
  /** The text a WhatsApp link writes for the visitor (docs/product.md). */
  whatsappMessage: (workflowToolName: string) =>
    `Hi! I'm interested in your ${workflowToolName} automation services. Can you help me?`,
} as const;

/** The floating button that, on small screens, holds the messaging links (beside the chat trigger). */
export const FLOATING_CONTACT = {
  toggle: "Message us on WhatsApp or Messenger",
} as const;

export const HERO = {
  badge: (workflowToolName: string) => `${workflowToolName} & AI automation experts`,
  viewServices: "View Services",
  tryChat: "Try AI Chat Demo",
  whatsapp: "WhatsApp Chat",
  messenger: "Messenger",
} as const;

/** The hero's decorative workflow card on wide screens. */
export const WORKFLOW_PREVIEW = {
  title: (workflowToolName: string) => `${workflowToolName} workflow`,
  active: "Active",
  steps: [
    { title: "New lead captured", detail: "Website form" },
    { title: "AI qualifies the lead", detail: "OpenAI" },
    { title: "CRM record updated", detail: "HubSpot" },
    { title: "Sales team notified", detail: "Slack" },
  ],
  footnote: "Runs around the clock, with no manual steps.",
} as const;

/** The spec's typing speed: one more character of the headline every 100 ms. */
export const HEADLINE_TYPING_MS = 100;

export const FEATURED = {
  heading: "Featured Services",
  intro: "Ready-made automations we set up for you, with clear one-time and monthly prices.",
  viewAll: "View All Services",
  order: "Order",
  loading: "Loading featured services...",
} as const;

export const FOUNDER = {
  heading: "Meet the Founder",
  skills: "Skills",
  social: { linkedin: "LinkedIn", twitter: "Twitter", github: "GitHub" },
  stats: {
    experienceYears: "Years Experience",
    projectsCompleted: "Projects Completed",
    clientsServed: "Clients Served",
  },
} as const;

/** Field errors the contact and order forms share (docs/product.md §5). */
/** The toast of a public form whose fields need correcting (each field says what is wrong under it). */
export const FORM_INVALID = {
  message: "Please check the form",
  description: "Some fields need your attention: see the message under each one.",
} as const;

export const VISITOR_FIELD_ERRORS = {
  emailMissing: "Please enter your email address.",
  emailInvalid: "Please enter a valid email address.",
  nameTooLong: (max: number) => `Please keep your name under ${max} characters.`,
} as const;

export const CONTACT = {
  heading: "Get in Touch",
  intro: "Tell us what slows your team down. We will show you what can run on its own.",
  fields: {
    name: { label: "Name", placeholder: "Your name" },
    email: { label: "Email", placeholder: "you@company.com" },
    message: { label: "Message", placeholder: "What would you like to automate?" },
  },
  errors: {
    nameMissing: "Please enter your name.",
    messageMissing: "Please enter a message.",
    messageTooLong: (max: number) => `Please keep your message under ${max} characters.`,
  },
  infoHeading: "Contact information",
  infoLines: { email: "Email", whatsapp: "WhatsApp", address: "Address" },
  submit: "Send Message",
  sending: "Sending...",
  replyPromise: "We'll get back to you within 24 hours.",
  success: { message: "Message sent!", description: "We'll get back to you within 24 hours." },
  failure: { message: "Error", description: "Failed to send message. Please try again." },
} as const;

export const SERVICES = {
  heading: "Our Automation Services",
  intro: (workflowToolName: string) =>
    `${workflowToolName} automations for every part of your business, each with a clear setup fee and optional ongoing support.`,
  metaDescription: (companyName: string, workflowToolName: string) =>
    `Browse ${companyName}'s ${workflowToolName} automation services: AI assistants, e-commerce, marketing and data workflows with clear setup and monthly prices.`,
  filterLabel: "Filter services",
  searchLabel: "Search services",
  searchPlaceholder: "Search services...",
  categoryLabel: "Category",
  allCategories: "All Categories",
  listLabel: "Services",
  count: (count: number) => (count === 1 ? "1 service" : `${count} services`),
  loading: "Loading services...",
  empty: "No services found matching your criteria.",
  clearFilters: "Clear filters",
  featured: "Featured",
  setup: "Setup",
  ongoingSupport: "Ongoing Support",
  /** The offer catalogue's name in the pages' schema.org data. */
  catalogName: "Automation services",
  orderNow: "Order Now",
  applyFilters: "Apply filters",
  faqHeading: "Frequently Asked Questions",
} as const;

/** The numbered page links under the catalogue (public and admin Services). */
export const PAGE_LINKS = {
  label: "Pages",
  previous: "Previous",
  previousName: "Previous page",
  next: "Next",
  nextName: "Next page",
  page: (page: number) => `Page ${page}`,
} as const;

export const ORDER = {
  heading: "Order Your Automation",
  intro: "Tell us about your project. There is nothing to pay now: we confirm the details with you first.",
  metaTitle: "Order a Service",
  metaDescription: (companyName: string, workflowToolName: string) =>
    `Request a ${workflowToolName} automation from ${companyName}: choose a service, tell us about your project, and we reply within 24 hours.`,
  formHeading: "Your details",
  fields: {
    clientName: { label: "Full Name" },
    clientPhone: { label: "Phone Number" },
    clientEmail: { label: "Email Address" },
    serviceId: { label: "Select Service", placeholder: "Choose a service" },
    notes: { label: "Project Details", placeholder: "Which tools do you use, and what should the automation do?" },
    terms: { before: "I agree to the ", link: "terms and conditions" },
  },
  errors: {
    clientNameMissing: "Please enter your full name.",
    clientPhoneTooLong: (max: number) => `Please enter a phone number of at most ${max} characters.`,
    notesTooLong: (max: number) => `Please keep the project details under ${max} characters.`,
  },
  asideLabel: "Order summary and next steps",
  submit: "Submit Order",
  submitting: "Submitting...",
  submitWaitsForTerms: "Tick the terms and conditions box above to submit your order.",
  summaryHeading: "Order Summary",
  summaryEmpty: "Select a service to see pricing details",
  setupFee: "Setup Fee",
  firstMonth: "First Month",
  total: "Total",
  nextHeading: "What happens next?",
  nextSteps: [
    "We review your request within 24 hours",
    "We schedule a consultation call to understand your needs",
    "You receive a customised proposal and timeline",
    "We start building as soon as you approve",
  ],
  success: {
    message: "Order Submitted!",
    description: "We'll contact you within 24 hours to discuss your project and payment.",
  },
  failure: {
    message: "Submission Error",
    description: "Failed to submit your order. Please try again or contact us directly.",
  },
  termsRequired: { message: "Terms Required", description: "Please agree to the terms and conditions to proceed." },
  serviceRequired: { message: "Service Required", description: "Please select a service to proceed." },
  serviceUnavailable: "This service is no longer available. Please choose another one.",
} as const;

/** The client's order-status page (docs/product.md, "Order status"). */
export const ORDER_STATUS = {
  title: "Your order",
  heading: "Your order",
  intro: (clientName: string) => `Hello ${clientName}, here is where your order stands.`,
  status: "Status",
  /** The admin's status words, with what each means for the client. */
  statuses: {
    pending: {
      label: "Pending",
      detail: "Received, we'll be in touch within 24 hours to discuss your project and payment.",
    },
    paid: { label: "Paid", detail: "Paid: thank you! We're building your automation." },
    cancelled: { label: "Cancelled", detail: "This order was cancelled. Questions? Reply to your confirmation email." },
  },
  /** The cancelled status's detail when the site sends no email, so the client has none to reply to. */
  cancelledWithoutEmail: (supportEmail: string) =>
    `This order was cancelled. Questions? Write to us at ${supportEmail}.`,
  service: "Service",
  setupFee: "Setup Fee",
  monthly: "Monthly",
  noMonthly: "None (one-off)",
  total: "Total (first month)",
  orderDate: "Order date",
  notes: "Your project details",
  refreshHint: "This page shows the latest status each time it is loaded.",
  description: "The status of your order.",
  /** On the order-submitted page. */
  link: "See your order's status",
} as const;

/** The new order's status link, on the order page (JavaScript) and the order-submitted page. */
export const ORDER_RECEIPT = {
  heading: "Your order's status page",
  keep: "Keep this link: it is the only way to see your order again, as we send no confirmation email.",
  emailed: "We have also emailed you this link.",
  addressLabel: "Link to your order's status page",
  copy: "Copy link",
  copied: "Link copied",
} as const;

/** Paying online from the order's status page and the order-submitted page (docs/product.md §11.1). */
export const PAYING = {
  payNow: "Pay now",
  payNowHint: "Pay securely by card on Stripe's checkout page; you come back here afterwards.",
  payWithPayPal: "Pay with PayPal",
  payWithPayPalHint: "Pay with your PayPal account on PayPal's page; you come back here afterwards.",
  manageBilling: "Manage billing",
  manageBillingHint: "Update your card, download your invoices or cancel the monthly support on Stripe's billing page.",
  received: "Payment received — thank you",
  receivedDetail: "This page shows your order as paid as soon as the payment is confirmed.",
  notCompleted: "Payment not completed",
  notCompletedDetail: "Nothing was charged. You can press Pay now to try again.",
  /** Why a press of "Pay now" or "Manage billing" led nowhere. */
  notices: {
    couldNotStart: "The payment could not start. Please try again in a few minutes.",
    alreadyPaid: "This order is already paid: there is nothing more to pay.",
    cancelled: "This order was cancelled, so it cannot be paid.",
    notOffered: "Online payment is not open for this order yet: we will send you a link when it is.",
    processing: "Your payment is being confirmed: this page shows it as paid shortly.",
    tooMany: "Too many payment attempts from your address. Please try again later.",
    noBilling: "There is no monthly subscription to manage for this order.",
  },
  monthlyCancelled: (monthly: string) => `${monthly} (subscription cancelled)`,
} as const;

/** The order page's intro and default "What happens next?" steps when a new order can be paid at once. */
export const ORDER_PAY_AT_ONCE = {
  intro: "Tell us about your project. Once your order is sent, you can pay for it online straight away.",
  nextSteps: [
    "You pay online right after ordering, on your order's page",
    "We review your request within 24 hours",
    "We schedule a consultation call to understand your needs",
    "We start building your automation",
  ],
} as const;

/** The order page's default steps when payment is asked once the order is confirmed. */
export const ORDER_PAY_AFTER_CONFIRM = {
  nextSteps: [
    "We review your request within 24 hours",
    "We schedule a consultation call to understand your needs",
    "We confirm the price and send you a link to pay online",
    "We start building as soon as you have paid",
  ],
} as const;

/** /order/submitted opened without an order just placed (a reload, a bookmark, another visitor). */
export const ORDER_NOT_SUBMITTED = {
  title: "No order to show",
  detail: "This page confirms an order right after it is sent. To order, choose a service on the order page.",
  order: "Go to the order page",
} as const;

/** The spec: after a successful order the visitor is sent home after 3 seconds. */
export const ORDER_REDIRECT_MS = 3000;

export const FOOTER = {
  blurb: (workflowToolName: string) =>
    `${workflowToolName} workflow automations, AI assistants and integrations, built and looked after for growing businesses.`,
  navLabel: "Footer",
  quickLinks: "Quick Links",
  contact: "Contact",
  copyright: (companyName: string, foundedYear: number, currentYear: number) =>
    `© ${foundedYear < currentYear ? `${foundedYear}–${currentYear}` : currentYear} ${companyName}. All rights reserved.`,
  legalLabel: "Legal",
} as const;

export const LEGAL_LINKS = [
  { to: "/privacy", label: "Privacy Policy" },
  { to: "/terms", label: "Terms and Conditions" },
] as const;

export const LEGAL = {
  privacyTitle: "Privacy Policy",
  termsTitle: "Terms and Conditions",
  privacyDescription: (companyName: string) =>
    `What ${companyName} stores about you when you use this site, why, and for how long.`,
  termsDescription: (companyName: string) => `The terms on which ${companyName} takes orders through this site.`,
  /** Beside the contact form and in the chat: what happens to what the visitor writes. */
  notice: "We store what you send us as our privacy policy describes.",
  noticeLink: "Privacy Policy",
  ipHeading: "Your address and our chat partners",
} as const;

/** Where the 404, error and order-confirmation pages send the visitor on. */
export const ONWARD = { home: "Back to home", services: "Browse services" } as const;

export const NOT_FOUND = {
  title: "Page not found",
  detail: "The page you are looking for does not exist or has moved.",
} as const;

/** The plain-text 404s of a missing upload and of the sitemap without SITE_URL. */
export const PLAIN_NOT_FOUND = {
  upload: "Not found",
  sitemap: "Not found: the sitemap needs SITE_URL.",
} as const;

export const SERVER_ERROR = {
  title: "Something went wrong",
  detail: "An unexpected error occurred. Please try again in a moment.",
} as const;

/** A 503: the database is out of reach. */
export const UNAVAILABLE = {
  title: "Temporarily unavailable",
  detail: "We can't load this page right now. Please try again in a minute.",
} as const;

/** A 429: the same form posted again and again past its limit (docs/decisions/029-repeated-refusals.md). */
export const TOO_MANY_ATTEMPTS = {
  title: "Too many attempts",
  detail: "Too many attempts from your address. Please wait a few minutes and try again.",
} as const;

/** The words of an error page for its status. */
export function errorPageText(status: number): { title: string; detail: string } {
  if (status === 404) return NOT_FOUND;
  if (status === 429) return TOO_MANY_ATTEMPTS;
  return status === 503 ? UNAVAILABLE : SERVER_ERROR;
}

export function faqItems(workflowToolName: string) {
  return [
    {
      question: `What is ${workflowToolName}?`,
      answer: `${workflowToolName} is a workflow automation platform that connects your apps, APIs and databases, so that data moves between them and repetitive tasks run on their own, without anyone copying and pasting.`,
    },
    {
      question: "How long does setup take?",
      answer:
        "Most automations are set up within 3-7 business days. Simple workflows can be ready in 1-2 days, while custom solutions can take up to 2 weeks.",
    },
    {
      question: "Do I need technical knowledge?",
      answer:
        "No technical knowledge is needed. We handle the whole build, walk you through the result and make sure your team is comfortable using it.",
    },
    {
      question: "What does ongoing support include?",
      answer:
        "Ongoing support includes monitoring, maintenance, updates, bug fixes, minor changes, priority email support and monthly check-ins.",
    },
  ];
}
