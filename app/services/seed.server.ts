import { DEFAULT_SETTINGS } from "~/copy/site";
import { db } from "~/db/client.server";
import { founderInfo, integrations, type NewService, services, siteSettings } from "~/db/schema";
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
      await tx.insert(services).values(
        DEMO_SERVICES.map((service, index) => ({
          ...service,
          createdAt: new Date(base + index * 60_000),
        })),
      );
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
