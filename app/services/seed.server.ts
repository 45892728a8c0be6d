import { DEFAULT_SETTINGS } from "~/copy/site";
import { db } from "~/db/client.server";
import {
  caseStudies,
  caseStudyServices,
  clientLogos,
  founderInfo,
  integrations,
  type NewService,
  services,
  siteSettings,
  testimonials,
} from "~/db/schema";
import { COMPANY_PLACEHOLDER, demoSupportEmail } from "~/lib/company-name";
import { generatePassword } from "~/lib/password.server";
import { countAdminUsers, createAdminUser, UsernameTakenError } from "~/models/admin-users.server";

const DEMO_COMPANY = "FlowForge Automation";

// The bio and the support address follow the company name (lib/company-name.ts): renamed in
// Settings, the demo names the new company everywhere.
const DEMO_SETTINGS = {
  ...DEFAULT_SETTINGS,
  companyName: DEMO_COMPANY,
  homepageSubtext:
    "We design, build and look after the workflow automations that connect your tools, answer your customers and give your team back hours every week.",
  whatsappNumber: "+1 (555) 010-2030",
  messengerLink: "https://m.me/flowforge.automation",
  supportEmail: demoSupportEmail(DEMO_COMPANY),
  businessAddress: "221 Market Street, Suite 400, San Francisco, CA 94105",
  primaryColor: "#4f46e5",
  secondaryColor: "#0ea5e9",
};

const DEMO_FOUNDER = {
  name: "Alex Morgan",
  bio: `I started ${COMPANY_PLACEHOLDER} after a decade of watching talented teams drown in copy-and-paste work. Since then I have shipped automations for clinics, online shops and agencies: AI assistants that answer customers at 2 a.m., order pipelines that never drop a line item, and reports that write themselves before Monday's meeting.`,
  experienceYears: 7,
  projectsCompleted: 150,
  clientsServed: 80,
  socialLinks: {
    linkedin: "https://www.linkedin.com/in/alex-morgan-automation",
    github: "https://github.com/alexmorgan-automation",
  },
  skills: ["n8n", "AI Agents", "OpenAI API", "Webhooks & APIs", "PostgreSQL", "Shopify", "HubSpot", "Make.com"],
};

// Newest first on the site, so the list is written oldest first.
const DEMO_SERVICES: NewService[] = [
  {
    name: "Document & Invoice Processing",
    description:
      "Invoices and receipts read by OCR, checked against purchase orders and booked into your accounting tool.",
    category: "business-automation",
    setupPrice: 449,
    monthlyPrice: 0,
    isActive: false,
  },
  {
    name: "Smart Alerts & Notifications",
    description:
      "Slack, SMS and email alerts when something needs attention: a big order, a failed payment, an unhappy review.",
    category: "notifications",
    setupPrice: 149,
    monthlyPrice: 29,
  },
  {
    name: "Data Sync & Weekly Reports",
    description:
      "Keep your CRM, spreadsheets and database in step, and get a clean KPI report in your inbox every Monday.",
    category: "data-management",
    setupPrice: 349,
    monthlyPrice: 49,
  },
  {
    name: "Custom Workflow Build",
    description:
      "A bespoke automation designed around your process, with documentation and a hand-over session for your team.",
    category: "custom-solutions",
    setupPrice: 599,
    monthlyPrice: 0,
    featured: true,
  },
  {
    name: "Email Nurture Sequences",
    description:
      "Welcome, follow-up and win-back emails triggered by what your customers do, synced with your mailing list.",
    category: "email-marketing",
    setupPrice: 199,
    monthlyPrice: 0,
    featured: true,
  },
  {
    name: "Social Media Autopilot",
    description:
      "Plan once, publish everywhere: posts scheduled across Instagram, LinkedIn and X, with AI-written captions.",
    category: "social-media",
    setupPrice: 249,
    monthlyPrice: 39,
    featured: true,
  },
  {
    name: "E-commerce Order Automation",
    description:
      "Orders from Shopify or WooCommerce flow straight to fulfilment, invoicing and customer updates without manual steps.",
    category: "ecommerce",
    setupPrice: 399,
    monthlyPrice: 59,
    featured: true,
  },
  {
    name: "Lead Capture to CRM",
    description:
      "Every form, ad and chat lead enriched, scored and routed into your CRM within seconds, with a follow-up task for sales.",
    category: "business-automation",
    setupPrice: 299,
    monthlyPrice: 49,
    featured: true,
  },
  {
    name: "AI Customer Support Agent",
    description:
      "A 24/7 AI assistant that answers questions from your own knowledge base and hands tricky cases to a human.",
    category: "ai-automation",
    setupPrice: 599,
    monthlyPrice: 99,
    featured: true,
  },
];

// Case studies for two of the services above (by name); pictures are files under public/demo/.
const DEMO_CASE_STUDIES = [
  {
    slug: "clinic-booking-assistant",
    title: "A booking assistant that gave a clinic's front desk its mornings back",
    clientName: "Northwind Physio",
    industry: "Healthcare",
    problem:
      "Three receptionists spent most of each morning on the phone booking, moving and confirming appointments. Patients who called after hours got voicemail, and about one in ten appointments was a no-show.",
    solution: `We built an AI assistant on the clinic's website and WhatsApp that books, moves and cancels appointments in their practice software, in plain language.

- **Answers from the clinic's own knowledge base**: prices, insurance, what to bring.
- **Books into the real calendar** through the practice software's API, with the therapist's rules.
- **Reminds patients** by SMS 24 hours before, with a one-tap link to move the appointment.
- Hands anything medical or unusual to a person, with the conversation attached.

Everything runs in n8n on the clinic's own server, with a weekly report of what the assistant handled.`,
    results: [
      { value: "32 h", label: "saved per week" },
      { value: "-41%", label: "no-shows" },
      { value: "68%", label: "bookings handled end to end" },
      { value: "24/7", label: "answers for patients" },
    ],
    tools: ["n8n", "OpenAI", "WhatsApp Business", "Twilio", "PostgreSQL"],
    coverImageUrl: "/demo/work/clinic-booking.svg",
    services: ["AI Customer Support Agent", "Smart Alerts & Notifications"],
    position: 1,
  },
  {
    slug: "shop-orders-without-copy-paste",
    title: "Shop orders to warehouse, invoices and updates without copy and paste",
    clientName: "Harbor Goods",
    industry: "E-commerce",
    problem:
      "Every Shopify order was typed again into the warehouse system and the accounting tool. At 150 orders a day, mistakes slipped through, and customers emailed to ask where their parcel was.",
    solution: `We connected the shop, the warehouse and the accounting tool so that an order flows through them on its own.

1. A new order is checked (address, stock, fraud score) and sent to the warehouse.
2. The invoice is created in Xero and emailed with the order confirmation.
3. Tracking numbers come back from the carrier and reach the customer by email.
4. Anything that fails lands in a Slack channel with a button to retry.`,
    results: [
      { value: "150", label: "orders a day, hands-free" },
      { value: "0", label: "typing errors since launch" },
      { value: "-60%", label: '"where is my order?" emails' },
    ],
    tools: ["n8n", "Shopify", "Xero", "Slack", "ShipStation"],
    coverImageUrl: "/demo/work/shop-orders.svg",
    services: ["E-commerce Order Automation", "Data Sync & Weekly Reports"],
    position: 2,
  },
];

const DEMO_TESTIMONIALS = [
  {
    quote:
      "Our receptionists used to start every day with a wall of voicemails. Now the assistant has booked half the day before we open, and the no-shows dropped within a month.",
    name: "Priya Raman",
    role: "Practice Manager",
    company: "Northwind Physio",
    photoUrl: "/demo/people/priya.svg",
    caseStudy: "clinic-booking-assistant",
    position: 1,
  },
  {
    quote:
      "We stopped typing orders twice. The team that did it now spends the time on customers, and the month-end close takes an afternoon instead of three days.",
    name: "Marcus Bell",
    role: "Founder",
    company: "Harbor Goods",
    photoUrl: "/demo/people/marcus.svg",
    caseStudy: "shop-orders-without-copy-paste",
    position: 2,
  },
  {
    quote:
      "Every lead from our forms and ads is in the CRM within seconds, scored and assigned. Sales follows up the same hour, and we finally trust the pipeline report.",
    name: "Dana Whitfield",
    role: "Head of Sales",
    company: "Brightside Logistics",
    photoUrl: "/demo/people/dana.svg",
    service: "Lead Capture to CRM",
    position: 3,
  },
];

const DEMO_LOGOS = [
  { altText: "Northwind Physio", imageUrl: "/demo/logos/northwind.svg" },
  { altText: "Brightside Logistics", imageUrl: "/demo/logos/brightside.svg" },
  { altText: "Cedar & Co", imageUrl: "/demo/logos/cedar.svg" },
  { altText: "Lumen Labs", imageUrl: "/demo/logos/lumen.svg" },
  { altText: "Harbor Goods", imageUrl: "/demo/logos/harbor.svg" },
];

type Tx = Parameters<Parameters<ReturnType<typeof db>["transaction"]>[0]>[0];

async function seedProof(tx: Tx, serviceIds: Map<string, string>): Promise<void> {
  const slugIds = new Map<string, string>();
  for (const { services: related, ...caseStudy } of DEMO_CASE_STUDIES) {
    const [row] = await tx
      .insert(caseStudies)
      .values({ ...caseStudy, published: true, featured: true })
      .returning({ id: caseStudies.id });
    slugIds.set(caseStudy.slug, row.id);
    await tx
      .insert(caseStudyServices)
      .values(related.map((name) => ({ caseStudyId: row.id, serviceId: serviceIds.get(name)! })));
  }
  await tx.insert(testimonials).values(
    DEMO_TESTIMONIALS.map(({ caseStudy, service, ...testimonial }) => ({
      ...testimonial,
      caseStudyId: caseStudy ? slugIds.get(caseStudy) : null,
      serviceId: service ? serviceIds.get(service) : null,
    })),
  );
  await tx.insert(clientLogos).values(DEMO_LOGOS.map((logo, index) => ({ ...logo, position: index + 1 })));
}

export interface SeedResult {
  seededContent: boolean;
  /** Set when a super admin was created with a generated password, to be shown once. */
  generatedAdmin?: { username: string; password: string };
  createdAdmin?: string;
}

/**
 * Fills an empty database. The settings row decides "empty": only the instance whose insert of
 * it succeeds writes the rest, so two instances starting together do not seed twice.
 */
export async function seed(
  options: { adminUsername?: string; adminPassword?: string; demoContent?: boolean } = {},
): Promise<SeedResult> {
  const demo = options.demoContent ?? true;
  const seededContent = await db().transaction(async (tx) => {
    const inserted = await tx
      .insert(siteSettings)
      .values(demo ? DEMO_SETTINGS : DEFAULT_SETTINGS)
      .onConflictDoNothing()
      .returning({ id: siteSettings.id });
    if (inserted.length === 0) return false;
    await tx.insert(integrations).values({}).onConflictDoNothing();
    if (demo) {
      await tx.insert(founderInfo).values(DEMO_FOUNDER).onConflictDoNothing();
      const base = Date.now() - DEMO_SERVICES.length * 60_000;
      const seeded = await tx
        .insert(services)
        .values(
          DEMO_SERVICES.map((service, index) => ({
            ...service,
            createdAt: new Date(base + index * 60_000),
          })),
        )
        .returning({ id: services.id, name: services.name });
      await seedProof(tx, new Map(seeded.map((service) => [service.name, service.id])));
    }
    return true;
  });

  const result: SeedResult = { seededContent };
  if ((await countAdminUsers()) > 0) return result;
  const username = options.adminUsername ?? "admin";
  const password = options.adminPassword ?? generatePassword();
  try {
    await createAdminUser({
      username,
      email: `${username.toLowerCase()}@localhost`,
      role: "super_admin",
      isActive: true,
      password,
    });
  } catch (error) {
    // Another instance created the first admin a moment earlier.
    if (error instanceof UsernameTakenError) return result;
    throw error;
  }
  if (options.adminPassword) result.createdAdmin = username;
  else result.generatedAdmin = { username, password };
  return result;
}
