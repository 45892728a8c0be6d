// Texts of the public site that docs/product.md fixes word for word. Written once here; the pages, the
// actions and the tests all use these.

export const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/services", label: "Services" },
  { to: "/order", label: "Order Now" },
] as const;

export const HEADER = {
  admin: "Admin",
  adminMobile: "Admin Panel",
  getStarted: "Get Started",
  menu: "Menu",
} as const;

export const HERO = {
  viewServices: "View Services",
  tryChat: "Try AI Chat Demo",
  whatsapp: "WhatsApp Chat",
  messenger: "Messenger",
  stats: [
    { value: "150+", label: "Projects Completed" },
    { value: "80+", label: "Happy Clients" },
    { value: "5+", label: "Years Experience" },
  ],
} as const;

/** The spec's typing speed: one more character of the headline every 100 ms. */
export const HEADLINE_TYPING_MS = 100;

export const FEATURED = {
  heading: "Featured Services",
  viewAll: "View All Services",
  order: "Order",
  loading: "Loading featured services...",
} as const;

export const FOUNDER = {
  heading: "Meet the Founder",
  stats: {
    experienceYears: "Years Experience",
    projectsCompleted: "Projects Completed",
    clientsServed: "Clients Served",
  },
} as const;

export const CONTACT = {
  heading: "Get in Touch",
  submit: "Send Message",
  sending: "Sending...",
  replyPromise: "We'll get back to you within 24 hours.",
  success: { message: "Message sent!", description: "We'll get back to you within 24 hours." },
  failure: { message: "Error", description: "Failed to send message. Please try again." },
} as const;

export const SERVICES = {
  heading: "Our Automation Services",
  searchPlaceholder: "Search services...",
  allCategories: "All Categories",
  loading: "Loading services...",
  empty: "No services found matching your criteria.",
  featured: "Featured",
  ongoingSupport: "Ongoing Support",
  orderNow: "Order Now",
  applyFilters: "Apply filters",
  faqHeading: "Frequently Asked Questions",
} as const;

export const ORDER = {
  heading: "Order Your Automation",
  submit: "Submit Order",
  submitting: "Submitting...",
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

/** The spec: after a successful order the visitor is sent home after 3 seconds. */
export const ORDER_REDIRECT_MS = 3000;

export const FOOTER = {
  quickLinks: "Quick Links",
  contact: "Contact",
  copyright: (companyName: string) => `© 2024 ${companyName}. All rights reserved.`,
} as const;

export const NOT_FOUND = {
  title: "Page not found",
  detail: "The page you are looking for does not exist or has moved.",
} as const;

export const SERVER_ERROR = {
  title: "Something went wrong",
  detail: "An unexpected error occurred. Please try again in a moment.",
} as const;

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
