import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { ADMIN_ROLES, CHAT_MEDIA_TYPES, ORDER_STATUSES, WEBHOOK_METHODS } from "~/lib/domain";

// The single source of the data model. `npm run db:generate` turns changes here into a
// migration under supabase/migrations; the app applies it at start-up.

export const orderStatus = pgEnum("order_status", ORDER_STATUSES);
export const webhookMethod = pgEnum("webhook_method", WEBHOOK_METHODS);
export const adminRole = pgEnum("admin_role", ADMIN_ROLES);
export const chatMediaType = pgEnum("chat_media_type", CHAT_MEDIA_TYPES);

const money = (name: string) => numeric(name, { precision: 10, scale: 2, mode: "number" });
const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
// Single-record tables: the primary key can only ever be 1, so a second row is refused.
const singletonId = () => integer("id").primaryKey().default(1);
const singletonCheck = (table: string, id: AnyPgColumn) => check(`${table}_single_row`, sql`${id} = 1`);

export const siteSettings = pgTable(
  "site_settings",
  {
    id: singletonId(),
    companyName: text("company_name").notNull(),
    workflowToolName: text("workflow_tool_name").notNull().default("n8n"),
    homepageHeadline: text("homepage_headline").notNull(),
    homepageSubtext: text("homepage_subtext").notNull(),
    whatsappNumber: text("whatsapp_number"),
    messengerLink: text("messenger_link"),
    supportEmail: text("support_email").notNull(),
    businessAddress: text("business_address"),
    logoUrl: text("logo_url"),
    faviconUrl: text("favicon_url"),
    primaryColor: text("primary_color"),
    secondaryColor: text("secondary_color"),
    chatWebhookUrl: text("chat_webhook_url"),
    updatedAt: updatedAt(),
  },
  (t) => [singletonCheck("site_settings", t.id)],
).enableRLS();

export const services = pgTable(
  "services",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull(),
    category: text("category").notNull(),
    setupPrice: money("setup_price").notNull(),
    monthlyPrice: money("monthly_price").notNull().default(0),
    imageUrl: text("image_url"),
    isActive: boolean("is_active").notNull().default(true),
    featured: boolean("featured").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("services_setup_price_non_negative", sql`${t.setupPrice} >= 0`),
    check("services_monthly_price_non_negative", sql`${t.monthlyPrice} >= 0`),
    index("services_active_featured_idx").on(t.isActive, t.featured, t.createdAt),
  ],
).enableRLS();

export const orders = pgTable(
  "orders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    clientName: text("client_name").notNull(),
    clientEmail: text("client_email").notNull(),
    clientPhone: text("client_phone"),
    // Orders outlive their service: the name and prices are copied at order time.
    serviceId: uuid("service_id").references(() => services.id, { onDelete: "set null" }),
    serviceName: text("service_name").notNull(),
    setupPrice: money("setup_price").notNull(),
    monthlyPrice: money("monthly_price").notNull().default(0),
    totalPrice: money("total_price").notNull(),
    notes: text("notes"),
    status: orderStatus("status").notNull().default("pending"),
    paymentMethod: text("payment_method"),
    orderDate: timestamp("order_date", { withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("orders_setup_price_non_negative", sql`${t.setupPrice} >= 0`),
    check("orders_monthly_price_non_negative", sql`${t.monthlyPrice} >= 0`),
    check("orders_total_price_non_negative", sql`${t.totalPrice} >= 0`),
    index("orders_status_created_idx").on(t.status, t.createdAt),
    index("orders_created_idx").on(t.createdAt),
    index("orders_service_idx").on(t.serviceId),
  ],
).enableRLS();

export type SocialLinks = { linkedin?: string; twitter?: string; github?: string };

export const founderInfo = pgTable(
  "founder_info",
  {
    id: singletonId(),
    name: text("name").notNull(),
    bio: text("bio").notNull(),
    profileImageUrl: text("profile_image_url"),
    experienceYears: integer("experience_years").notNull().default(0),
    projectsCompleted: integer("projects_completed").notNull().default(0),
    clientsServed: integer("clients_served").notNull().default(0),
    socialLinks: jsonb("social_links").$type<SocialLinks>().notNull().default({}),
    skills: text("skills")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    updatedAt: updatedAt(),
  },
  (t) => [
    singletonCheck("founder_info", t.id),
    check(
      "founder_info_counts_non_negative",
      sql`${t.experienceYears} >= 0 and ${t.projectsCompleted} >= 0 and ${t.clientsServed} >= 0`,
    ),
  ],
).enableRLS();

export const integrations = pgTable(
  "integrations",
  {
    id: singletonId(),
    stripePublishableKey: text("stripe_publishable_key"),
    stripeSecretKey: text("stripe_secret_key"),
    paypalClientId: text("paypal_client_id"),
    voiceAgentEmbedCode: text("voice_agent_embed_code"),
    airtableToken: text("airtable_token"),
    airtableBaseId: text("airtable_base_id"),
    airtableTableId: text("airtable_table_id"),
    customCss: text("custom_css"),
    customJs: text("custom_js"),
    updatedAt: updatedAt(),
  },
  (t) => [singletonCheck("integrations", t.id)],
).enableRLS();

export const adminUsers = pgTable(
  "admin_users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    username: text("username").notNull(),
    email: text("email").notNull(),
    role: adminRole("role").notNull().default("admin"),
    isActive: boolean("is_active").notNull().default(true),
    passwordHash: text("password_hash").notNull(),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // Case-insensitive: "Alice" and "alice" are the same person at the login form.
  (t) => [uniqueIndex("admin_users_username_unique").on(sql`lower(${t.username})`)],
).enableRLS();

export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    method: webhookMethod("method").notNull().default("POST"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    isActive: boolean("is_active").notNull().default(true),
    // Insertion order, for the fan-out's "list order": two webhooks created within the clock's
    // resolution share a created_at.
    position: bigint("position", { mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("webhooks_active_position_idx").on(t.isActive, t.position)],
).enableRLS();

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    sessionId: text("session_id").notNull(),
    message: text("message").notNull(),
    isUserMessage: boolean("is_user_message").notNull(),
    mediaUrl: text("media_url"),
    mediaType: chatMediaType("media_type"),
    // For bot messages: which webhook (by name), 'settings', or 'canned' produced the reply.
    answeredBy: text("answered_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_session_created_idx").on(t.sessionId, t.createdAt),
    index("chat_messages_created_idx").on(t.createdAt),
  ],
).enableRLS();

export const contactMessages = pgTable(
  "contact_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    message: text("message").notNull(),
    isRead: boolean("is_read").notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("contact_messages_created_idx").on(t.createdAt)],
).enableRLS();

// Fixed-window counters shared by every instance (sign-in attempts, public form and chat limits).
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
}).enableRLS();

// Bumped by a trigger on every write to a table the public pages show (services, site settings,
// founder, integrations), which also NOTIFYs: each instance's page cache listens, and polls this
// row in case a notification was missed (app/services/page-cache/).
export const publicContentVersion = pgTable(
  "public_content_version",
  {
    id: singletonId(),
    version: bigint("version", { mode: "number" }).notNull().default(0),
  },
  (t) => [singletonCheck("public_content_version", t.id)],
).enableRLS();

export type SiteSettings = typeof siteSettings.$inferSelect;
export type Service = typeof services.$inferSelect;
export type NewService = typeof services.$inferInsert;
export type Order = typeof orders.$inferSelect;
export type FounderInfo = typeof founderInfo.$inferSelect;
export type Integrations = typeof integrations.$inferSelect;
export type AdminUser = typeof adminUsers.$inferSelect;
export type Webhook = typeof webhooks.$inferSelect;
export type ChatMessage = typeof chatMessages.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
