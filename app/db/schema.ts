import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

import { DEFAULT_HERO_STATS } from "~/copy/site";
import {
  ADMIN_ROLES,
  BOOKING_STATUSES,
  BOOKING_TRIGGERS,
  CHAT_MEDIA_TYPES,
  DELIVERY_CHANNELS,
  DELIVERY_STATUSES,
  EVENT_TYPES,
  type FaqItem,
  HANDOFF_BY,
  type HeroStat,
  type LiveChatHours,
  ORDER_STATUSES,
  type OutboxEventType,
  PAYMENT_KINDS,
  PAYMENT_PROVIDERS,
  PAYMENT_STATUSES,
  PAYMENT_TIMINGS,
  SUBSCRIPTION_STATES,
  WEBHOOK_IP_MODES,
  WEBHOOK_METHODS,
  WEBHOOK_PAYLOAD_FORMATS,
} from "~/lib/domain";

// The single source of the data model. `npm run db:generate` turns changes here into a
// migration under supabase/migrations; the app applies it at start-up.

// Substring search (admin Orders, Messages and Chats, and Personal Data) is served by trigram indexes on these expressions;
// a query uses the index only when it repeats the expression exactly, so the models call these too.
export const orderSearchText = (t: { clientName: AnyPgColumn; clientEmail: AnyPgColumn; serviceName: AnyPgColumn }) =>
  sql`lower(${t.clientName} || ' ' || ${t.clientEmail} || ' ' || ${t.serviceName})`;
export const contactMessageSearchText = (t: { name: AnyPgColumn; email: AnyPgColumn; message: AnyPgColumn }) =>
  sql`lower(${t.name} || ' ' || ${t.email} || ' ' || ${t.message})`;
export const chatMessageSearchText = (t: { message: AnyPgColumn }) => sql`lower(${t.message})`;

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
    // ---- Editable copy and privacy settings ----
    // The hero's figures; the defaults are the spec's (app/copy/site.ts HERO.stats).
    heroStats: jsonb("hero_stats").$type<HeroStat[]>().notNull().default(DEFAULT_HERO_STATS),
    // The year the footer's copyright line starts from; the spec's 2024.
    foundedYear: integer("founded_year").notNull().default(2024),
    // Null until the admin first edits them: the spec's texts (app/copy/site.ts) are shown, and
    // the FAQ's default follows the workflow tool's name.
    faq: jsonb("faq").$type<FaqItem[]>(),
    nextSteps: jsonb("next_steps").$type<string[]>(),
    // Markdown; null shows the template in app/lib/legal-texts.ts, which names what is stored.
    privacyPolicy: text("privacy_policy"),
    terms: text("terms"),
    chatRetentionMonths: integer("chat_retention_months").notNull().default(12),
    contactRetentionMonths: integer("contact_retention_months").notNull().default(12),
    webhookIpMode: text("webhook_ip_mode", { enum: WEBHOOK_IP_MODES }).notNull().default("none"),
    // An IANA zone for the admin's times; null is the server's.
    timeZone: text("time_zone"),
    // ---- Chat settings ----
    // How long a visitor's conversation goes on across page loads before a new one starts.
    chatConversationHours: integer("chat_conversation_hours").notNull().default(24),
    // The whole reply's deadline (app/services/chat/fan-out.server.ts); 20 s was the old
    // CHAT_REPLY_DEADLINE_SECONDS default.
    chatReplyDeadlineSeconds: integer("chat_reply_deadline_seconds").notNull().default(20),
    // Shown as buttons (links without JavaScript) before the visitor's first message.
    chatStarterPrompts: jsonb("chat_starter_prompts").$type<string[]>().notNull().default([]),
    // ---- Payments ----
    // ISO 4217, upper case: checkout's currency and every price's on the site, admin and emails.
    currency: text("currency").notNull().default("USD"),
    paymentTiming: text("payment_timing", { enum: PAYMENT_TIMINGS }).notNull().default("after_order"),
    updatedAt: updatedAt(),
    // First-party, cookieless visit counting (docs/product.md 13.1); off stops counting at once.
    countVisits: boolean("count_visits").notNull().default(true),
    // Staff get the last month's key figures by email on the 1st (docs/product.md 13.2).
    monthlySummaryEmail: boolean("monthly_summary_email").notNull().default(false),
    // ---- Live chat with a person (app/models/chat-handoff.server.ts) ----
    // Opening hours per weekday, Monday first, in the site's time zone; null: any time.
    chatLiveHours: jsonb("chat_live_hours").$type<LiveChatHours>(),
    // Shown as available only while a staff member has the admin open (staff_presence).
    chatPresenceRequired: boolean("chat_presence_required").notNull().default(false),
    // A conversation staff hold goes back to the webhooks this long after the last staff reply.
    chatHandBackMinutes: integer("chat_hand_back_minutes").notNull().default(30),
  },
  (t) => [
    singletonCheck("site_settings", t.id),
    check("site_settings_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check("site_settings_retention_positive", sql`${t.chatRetentionMonths} > 0 and ${t.contactRetentionMonths} > 0`),
    check("site_settings_chat_positive", sql`${t.chatConversationHours} > 0 and ${t.chatReplyDeadlineSeconds} > 0`),
  ],
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
    // Set when staff press "Request payment" (the "after we confirm" payment timing).
    paymentRequestedAt: timestamp("payment_requested_at", { withTimezone: true }),
    // The provider's customer and monthly subscription, once the client paid through one.
    providerCustomerId: text("provider_customer_id"),
    providerSubscriptionId: text("provider_subscription_id"),
    subscriptionState: text("subscription_state", { enum: SUBSCRIPTION_STATES }),
    // The open hosted checkout, reused by a second "Pay now" so a client cannot pay twice.
    checkoutProvider: text("checkout_provider", { enum: PAYMENT_PROVIDERS }),
    checkoutId: text("checkout_id"),
    checkoutUrl: text("checkout_url"),
    checkoutExpiresAt: timestamp("checkout_expires_at", { withTimezone: true }),
    orderDate: timestamp("order_date", { withTimezone: true }).notNull().defaultNow(),
    // The client's order-status page is /order/status/<token>: 244 random bits, not the
    // order's id, so knowing one order's page leads to no other.
    statusToken: text("status_token")
      .notNull()
      .default(sql`replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '')`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_status_token_unique").on(t.statusToken),
    check("orders_setup_price_non_negative", sql`${t.setupPrice} >= 0`),
    check("orders_monthly_price_non_negative", sql`${t.monthlyPrice} >= 0`),
    check("orders_total_price_non_negative", sql`${t.totalPrice} >= 0`),
    // Keyset pages: newest first, ties on created_at broken by id (app/db/keyset.server.ts).
    index("orders_status_created_idx").on(t.status, t.createdAt, t.id),
    index("orders_created_idx").on(t.createdAt, t.id),
    index("orders_service_idx").on(t.serviceId),
    index("orders_search_idx").using("gin", sql`${orderSearchText(t)} gin_trgm_ops`),
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
    stripeWebhookSecret: text("stripe_webhook_secret"),
    paypalClientId: text("paypal_client_id"),
    paypalClientSecret: text("paypal_client_secret"),
    // The id PayPal gives the webhook endpoint; its verify-webhook-signature API asks for it.
    paypalWebhookId: text("paypal_webhook_id"),
    paypalSandbox: boolean("paypal_sandbox").notNull().default(false),
    voiceAgentEmbedCode: text("voice_agent_embed_code"),
    airtableToken: text("airtable_token"),
    airtableBaseId: text("airtable_base_id"),
    airtableTableId: text("airtable_table_id"),
    customCss: text("custom_css"),
    customJs: text("custom_js"),
    updatedAt: updatedAt(),
    // Where the client books a call (Cal.com, Calendly or any page); shown where the next step is a call.
    bookingPageUrl: text("booking_page_url"),
    // Signs Cal.com's webhook posts (app/routes/webhooks/cal.ts); sealed like the other secrets.
    calWebhookSecret: text("cal_webhook_secret"),
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
    // Shown to chat visitors beside staff replies; the username when null.
    displayName: text("display_name"),
  },
  // Case-insensitive: "Alice" and "alice" are the same person at the login form.
  (t) => [uniqueIndex("admin_users_username_unique").on(sql`lower(${t.username})`)],
).enableRLS();

// The server side of an admin's sign-in: the cookie holds a random token, this table its SHA-256,
// so signing out, a password change or a deactivation ends the session everywhere at once
// (app/services/auth.server.ts; the trigger in supabase/migrations/*_admin_sessions.sql).
export const adminSessions = pgTable(
  "admin_sessions",
  {
    tokenHash: text("token_hash").primaryKey(),
    adminId: uuid("admin_id")
      .notNull()
      .references(() => adminUsers.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("admin_sessions_admin_idx").on(t.adminId), index("admin_sessions_expires_idx").on(t.expiresAt)],
).enableRLS();

export const webhooks = pgTable(
  "webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    method: webhookMethod("method").notNull().default("POST"),
    headers: jsonb("headers").$type<Record<string, string>>().notNull().default({}),
    payloadFormat: text("payload_format", { enum: WEBHOOK_PAYLOAD_FORMATS }).notNull().default("website"),
    // How long the chat waits for this webhook's answer (docs/product.md §7: 15 seconds by default).
    timeoutSeconds: integer("timeout_seconds").notNull().default(15),
    isActive: boolean("is_active").notNull().default(true),
    // Insertion order, for the fan-out's "list order": two webhooks created within the clock's
    // resolution share a created_at.
    // By default, so the admin can reorder them: swapping two positions.
    position: bigint("position", { mode: "number" }).notNull().generatedByDefaultAsIdentity(),
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
    // For bot messages: how long the reply took to decide, and whether it came as a stream.
    replyMs: integer("reply_ms"),
    streamed: boolean("streamed"),
    createdAt: createdAt(),
    // A staff member's reply (answered_by 'staff'): who wrote it, and the name the visitor saw.
    staffUserId: uuid("staff_user_id").references(() => adminUsers.id, { onDelete: "set null" }),
    staffName: text("staff_name"),
  },
  (t) => [
    index("chat_messages_session_created_idx").on(t.sessionId, t.createdAt, t.id),
    index("chat_messages_created_idx").on(t.createdAt),
    index("chat_messages_search_idx").using("gin", sql`${chatMessageSearchText(t)} gin_trgm_ops`),
  ],
).enableRLS();

// One row per chat conversation, kept in step with chat_messages by a trigger in the same
// transaction (supabase/migrations/*_admin_scale.sql): the Chats list pages through it instead of
// grouping every message on each view.
export const chatSessions = pgTable(
  "chat_sessions",
  {
    sessionId: text("session_id").primaryKey(),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull(),
    messageCount: integer("message_count").notNull(),
    // The visitor's first message, as the conversation's preview; null until the visitor writes.
    firstMessage: text("first_message"),
    // When the visitor wrote it: a write that commits late with an earlier message still wins.
    firstMessageAt: timestamp("first_message_at", { withTimezone: true }),
    // Live chat with a person (app/lib/handoff.ts): set while staff are asked to hold the
    // conversation; null, the webhooks answer.
    handoffRequestedAt: timestamp("handoff_requested_at", { withTimezone: true }),
    handoffBy: text("handoff_by", { enum: HANDOFF_BY }),
    staffRepliedAt: timestamp("staff_replied_at", { withTimezone: true }),
    // The last staff-notification email for this conversation: one per 10 minutes across instances.
    staffNotifiedAt: timestamp("staff_notified_at", { withTimezone: true }),
  },
  (t) => [
    index("chat_sessions_last_message_idx").on(t.lastMessageAt, t.sessionId),
    // The admin's waiting conversations, oldest request first, and the sidebar's count.
    index("chat_sessions_handoff_idx")
      .on(t.handoffRequestedAt, t.sessionId)
      .where(sql`${t.handoffRequestedAt} is not null`),
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
    // Set when the visitor left their address in the chat (the offline fallback): the
    // conversation the team answers. No foreign key: chat_sessions is a trigger-kept summary,
    // and the message outlives the conversation's retention.
    chatSessionId: text("chat_session_id"),
    createdAt: createdAt(),
  },
  (t) => [
    index("contact_messages_created_idx").on(t.createdAt, t.id),
    index("contact_messages_chat_session_idx")
      .on(t.chatSessionId)
      .where(sql`${t.chatSessionId} is not null`),
    index("contact_messages_search_idx").using("gin", sql`${contactMessageSearchText(t)} gin_trgm_ops`),
  ],
).enableRLS();

// Row counts and sums the admin shows (totals, revenue, unread), kept exact by statement-level
// triggers in the same transaction as every write (supabase/migrations/*_admin_scale.sql), so no
// page counts millions of rows. The names are in app/models/counters.server.ts.
export const counters = pgTable("counters", {
  name: text("name").primaryKey(),
  value: numeric("value", { mode: "number" }).notNull().default(0),
}).enableRLS();

// Who changed what and when in the admin (settings, integrations, webhooks, admin users, order
// status): written by the actions through app/models/audit-log.server.ts, never with a secret's
// value. The actor's name is copied so the entry outlives the account.
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => adminUsers.id, { onDelete: "set null" }),
    actorUsername: text("actor_username").notNull(),
    action: text("action").notNull(),
    target: text("target"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt, t.id)],
).enableRLS();

// Fixed-window counters shared by every instance (sign-in attempts, public form and chat limits).
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull(),
  hits: integer("hits").notNull(),
}).enableRLS();

// ---- Chat uploads ----
// One row per stored chat file, wherever it lives: the global cap sums `bytes`, and the retention
// job (app/services/upload-retention.server.ts) deletes files whose row is older than the limit.
export const chatUploads = pgTable(
  "chat_uploads",
  {
    name: text("name").primaryKey(),
    store: text("store", { enum: ["local", "supabase"] }).notNull(),
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("chat_uploads_created_idx").on(t.createdAt)],
).enableRLS();
// ---- end of chat uploads ----

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

// ---- Business events ----
// An event is written in the same transaction as what it reports (an order, a status change, a
// message); the outbox worker (app/services/outbox/) turns it into one delivery per channel that
// wants it, and delivers each with retries. Nothing here is sent while a visitor waits.

// Where the admin's n8n (or anything else) subscribes to events. The signing secrets are sealed
// like the integrations' (app/lib/secret-box.server.ts); after a rotation the previous one keeps
// signing beside the new one until previous_secret_expires_at.
export const eventWebhooks = pgTable(
  "event_webhooks",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    events: text("events", { enum: EVENT_TYPES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    isActive: boolean("is_active").notNull().default(true),
    secret: text("secret").notNull(),
    previousSecret: text("previous_secret"),
    previousSecretExpiresAt: timestamp("previous_secret_expires_at", { withTimezone: true }),
    // Why the worker switched it off (an answer of 410 Gone); cleared when the admin switches it on.
    disabledReason: text("disabled_reason"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("event_webhooks_created_idx").on(t.createdAt)],
).enableRLS();

export const outboxEvents = pgTable(
  "outbox_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    type: text("type").$type<OutboxEventType>().notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    // A test event goes to this event webhook only.
    eventWebhookId: uuid("event_webhook_id").references(() => eventWebhooks.id, { onDelete: "cascade" }),
    // Null until a worker has made the event's deliveries.
    dispatchedAt: timestamp("dispatched_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("outbox_events_undispatched_idx")
      .on(t.createdAt)
      .where(sql`${t.dispatchedAt} is null`),
    index("outbox_events_created_idx").on(t.createdAt),
  ],
).enableRLS();

export const eventDeliveries = pgTable(
  "event_deliveries",
  {
    // Sent as webhook-id, the same on every attempt, so a receiver can drop a duplicate.
    id: text("id")
      .primaryKey()
      .default(sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`),
    eventId: uuid("event_id")
      .notNull()
      .references(() => outboxEvents.id, { onDelete: "cascade" }),
    channel: text("channel", { enum: DELIVERY_CHANNELS }).notNull(),
    eventWebhookId: uuid("event_webhook_id").references(() => eventWebhooks.id, { onDelete: "cascade" }),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    // Attempts since the delivery was last (re)queued: the back-off schedule's position.
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // A worker holds the delivery until then; past it, another may take it up (a crashed worker).
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    lastAttemptAt: timestamp("last_attempt_at", { withTimezone: true }),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("event_deliveries_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
    index("event_deliveries_webhook_idx").on(t.eventWebhookId, t.createdAt, t.id),
    index("event_deliveries_channel_idx").on(t.channel, t.createdAt, t.id),
    index("event_deliveries_event_idx").on(t.eventId),
  ],
).enableRLS();

export const deliveryAttempts = pgTable(
  "delivery_attempts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    deliveryId: text("delivery_id")
      .notNull()
      .references(() => eventDeliveries.id, { onDelete: "cascade" }),
    attemptedAt: timestamp("attempted_at", { withTimezone: true }).notNull(),
    // The HTTP status (the SMTP reply code for an email); null when there was no answer.
    statusCode: integer("status_code"),
    durationMs: integer("duration_ms").notNull(),
    // The first bytes of the answer, or why there was none.
    response: text("response"),
    ok: boolean("ok").notNull(),
  },
  (t) => [index("delivery_attempts_delivery_idx").on(t.deliveryId, t.attemptedAt)],
).enableRLS();
// ---- end of business events ----

// ---- Payments ----
// Money received (or refused) for an order. Amounts come from the provider's event or the staff
// member recording it, never from a browser; erasing a client's data keeps these for the books.
export const payments = pgTable(
  "payments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "set null" }),
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    kind: text("kind", { enum: PAYMENT_KINDS }).notNull(),
    status: text("status", { enum: PAYMENT_STATUSES }).notNull().default("succeeded"),
    amount: money("amount").notNull(),
    currency: text("currency").notNull(),
    // The provider's id for the money (invoice, payment intent, capture); one row per id.
    providerReference: text("provider_reference"),
    // A payment for an order that was already paid: shown to staff, never dropped.
    flagged: boolean("flagged").notNull().default(false),
    note: text("note"),
    paidAt: timestamp("paid_at", { withTimezone: true }).notNull().defaultNow(),
    refundedAt: timestamp("refunded_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check("payments_amount_non_negative", sql`${t.amount} >= 0`),
    uniqueIndex("payments_provider_reference_unique").on(t.provider, t.providerReference),
    index("payments_order_idx").on(t.orderId, t.paidAt),
    index("payments_paid_at_idx").on(t.paidAt),
  ],
).enableRLS();

// Every provider webhook event handled, written in the transaction of its effects: a redelivery
// finds its id here and changes nothing.
export const providerEvents = pgTable(
  "provider_events",
  {
    provider: text("provider", { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text("event_id").notNull(),
    type: text("type").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.eventId] })],
).enableRLS();
// ---- end of payments ----

// --- bookings and the order's timeline ---
// A call the client booked on the booking page (Cal.com's webhook, app/services/bookings.server.ts),
// attached to the order or contact message with the attendee's email; neither when nothing matched
// (staff attach it by hand). `uid` is the provider's current one: a reschedule gives a new one.
export const bookings = pgTable(
  "bookings",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    uid: text("uid").notNull(),
    status: text("status", { enum: BOOKING_STATUSES }).notNull(),
    attendeeName: text("attendee_name").notNull(),
    attendeeEmail: text("attendee_email").notNull(),
    title: text("title"),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    contactMessageId: uuid("contact_message_id").references(() => contactMessages.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("bookings_uid_unique").on(t.uid),
    index("bookings_order_idx").on(t.orderId),
    index("bookings_contact_message_idx").on(t.contactMessageId),
    index("bookings_email_idx").on(sql`lower(${t.attendeeEmail})`),
    index("bookings_unmatched_idx")
      .on(t.createdAt)
      .where(sql`${t.orderId} is null and ${t.contactMessageId} is null`),
  ],
).enableRLS();

// Each webhook post about a booking, once: `delivery_key` is the post's trigger, booking uid and
// time, so a redelivery finds its row and changes nothing. The timeline lists these.
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    trigger: text("trigger", { enum: BOOKING_TRIGGERS }).notNull(),
    startTime: timestamp("start_time", { withTimezone: true }).notNull(),
    endTime: timestamp("end_time", { withTimezone: true }).notNull(),
    deliveryKey: text("delivery_key").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("booking_events_delivery_key_unique").on(t.deliveryKey),
    index("booking_events_booking_idx").on(t.bookingId),
  ],
).enableRLS();

// Every change of an order's status, by staff or by a payment: the audit log keeps staff's only.
export const orderStatusChanges = pgTable(
  "order_status_changes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    fromStatus: orderStatus("from_status").notNull(),
    toStatus: orderStatus("to_status").notNull(),
    // The staff member's name when copied; null for a change a payment made.
    actorName: text("actor_name"),
    createdAt: createdAt(),
  },
  (t) => [index("order_status_changes_order_idx").on(t.orderId, t.createdAt)],
).enableRLS();

// Staff's internal notes on an order or a contact message: never shown to the client.
export const staffNotes = pgTable(
  "staff_notes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    contactMessageId: uuid("contact_message_id").references(() => contactMessages.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => adminUsers.id, { onDelete: "set null" }),
    // Copied so the note outlives the account.
    authorName: text("author_name").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("staff_notes_one_subject", sql`num_nonnulls(${t.orderId}, ${t.contactMessageId}) = 1`),
    index("staff_notes_order_idx").on(t.orderId, t.createdAt),
    index("staff_notes_contact_message_idx").on(t.contactMessageId, t.createdAt),
  ],
).enableRLS();

// An email staff wrote to the client from an order or a contact message; the outbox sends it (a
// staff.email_to_client event carrying this row's id), the row keeps it for the timeline.
export const staffEmails = pgTable(
  "staff_emails",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    orderId: uuid("order_id").references(() => orders.id, { onDelete: "cascade" }),
    contactMessageId: uuid("contact_message_id").references(() => contactMessages.id, { onDelete: "cascade" }),
    authorId: uuid("author_id").references(() => adminUsers.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("staff_emails_one_subject", sql`num_nonnulls(${t.orderId}, ${t.contactMessageId}) = 1`),
    index("staff_emails_order_idx").on(t.orderId, t.createdAt),
    index("staff_emails_contact_message_idx").on(t.contactMessageId, t.createdAt),
  ],
).enableRLS();
// --- end of bookings and the order's timeline ---

export type Booking = typeof bookings.$inferSelect;
export type StaffNote = typeof staffNotes.$inferSelect;
export type StaffEmail = typeof staffEmails.$inferSelect;

export type SiteSettings = typeof siteSettings.$inferSelect;
export type Service = typeof services.$inferSelect;
export type NewService = typeof services.$inferInsert;
export type Order = typeof orders.$inferSelect;
export type FounderInfo = typeof founderInfo.$inferSelect;
export type Integrations = typeof integrations.$inferSelect;
export type AdminUser = typeof adminUsers.$inferSelect;
export type AdminSession = typeof adminSessions.$inferSelect;
export type Webhook = typeof webhooks.$inferSelect;
export type ChatMessage = typeof chatMessages.$inferSelect;
export type ContactMessage = typeof contactMessages.$inferSelect;
export type ChatSession = typeof chatSessions.$inferSelect;
export type AuditEntry = typeof auditLog.$inferSelect;
export type EventWebhook = typeof eventWebhooks.$inferSelect;
export type OutboxEvent = typeof outboxEvents.$inferSelect;
export type EventDelivery = typeof eventDeliveries.$inferSelect;
export type DeliveryAttempt = typeof deliveryAttempts.$inferSelect;
export type Payment = typeof payments.$inferSelect;

// --- visits ---
// Daily aggregates of public page views (app/services/visits/): storage grows with days, not
// visits. Dimensions are in app/lib/visits.ts; visitors counts distinct daily visitor hashes.
export const visitCounts = pgTable(
  "visit_counts",
  {
    day: date("day").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    views: integer("views").notNull(),
    visitors: integer("visitors").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value] })],
).enableRLS();

// visit_counts summed per month, kept by triggers (supabase/migrations/*_insights_speed.sql): the
// Insights "Top ..." tables read a period's whole months here (docs/decisions/028-weekly-trends.md).
export const visitMonths = pgTable(
  "visit_months",
  {
    dimension: text("dimension").notNull(),
    month: date("month").notNull(),
    value: text("value").notNull(),
    views: bigint("views", { mode: "number" }).notNull().default(0),
    visitors: bigint("visitors", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.month, t.value] })],
).enableRLS();

// One random salt per UTC day, shared by every instance; deleted with the day's visitor hashes
// once the day is over, so no visitor can be followed from one day to the next.
export const visitSalts = pgTable("visit_salts", {
  day: date("day").primaryKey(),
  salt: text("salt").notNull(),
}).enableRLS();

// The day's visitor hashes (first 8 bytes of SHA-256(salt, IP, user agent)) seen per dimension
// value: an insert that conflicts is a visitor already counted. Only today's rows are kept.
export const visitVisitors = pgTable(
  "visit_visitors",
  {
    day: date("day").notNull(),
    dimension: text("dimension").notNull(),
    value: text("value").notNull(),
    visitor: bigint("visitor", { mode: "bigint" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.dimension, t.value, t.visitor] })],
).enableRLS();
export type VisitCount = typeof visitCounts.$inferSelect;

// --- case studies, testimonials and client logos ---
// The proof the public pages show (/work, the home page, beside services); every write bumps the
// public content version (supabase/migrations/20261128220500_case_studies.sql) like services.

/** One figure of a case study's results: "32 h" / "saved per week". */
export type CaseStudyResult = { value: string; label: string };

export const caseStudies = pgTable(
  "case_studies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    slug: text("slug").notNull(),
    title: text("title").notNull(),
    clientName: text("client_name").notNull(),
    industry: text("industry").notNull(),
    problem: text("problem").notNull(),
    solution: text("solution").notNull(),
    results: jsonb("results").$type<CaseStudyResult[]>().notNull().default([]),
    tools: text("tools")
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    coverImageUrl: text("cover_image_url"),
    published: boolean("published").notNull().default(false),
    featured: boolean("featured").notNull().default(false),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("case_studies_slug_unique").on(t.slug),
    index("case_studies_published_idx").on(t.published, t.position),
  ],
).enableRLS();

export const caseStudyServices = pgTable(
  "case_study_services",
  {
    caseStudyId: uuid("case_study_id")
      .notNull()
      .references(() => caseStudies.id, { onDelete: "cascade" }),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.caseStudyId, t.serviceId] }),
    index("case_study_services_service_idx").on(t.serviceId),
  ],
).enableRLS();

export const testimonials = pgTable(
  "testimonials",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quote: text("quote").notNull(),
    name: text("name").notNull(),
    role: text("role"),
    company: text("company"),
    photoUrl: text("photo_url"),
    caseStudyId: uuid("case_study_id").references(() => caseStudies.id, { onDelete: "set null" }),
    serviceId: uuid("service_id").references(() => services.id, { onDelete: "set null" }),
    published: boolean("published").notNull().default(true),
    position: integer("position").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("testimonials_published_idx").on(t.published, t.position)],
).enableRLS();

export const clientLogos = pgTable("client_logos", {
  id: uuid("id").primaryKey().defaultRandom(),
  altText: text("alt_text").notNull(),
  imageUrl: text("image_url").notNull(),
  position: integer("position").notNull().default(0),
  createdAt: createdAt(),
}).enableRLS();

export type CaseStudy = typeof caseStudies.$inferSelect;
export type Testimonial = typeof testimonials.$inferSelect;
export type ClientLogo = typeof clientLogos.$inferSelect;

// --- uploaded images ---
// An image uploaded in admin, stored as resized variants (app/services/images.server.ts); the
// record fields keep its URL, /images/<id>/<width>x<height>.<fallback>, so a URL still fits them.
export const images = pgTable(
  "images",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    store: text("store", { enum: ["local", "supabase"] }).notNull(),
    // Of the largest variant; every variant keeps the same ratio.
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    widths: integer("widths").array().notNull(),
    fallback: text("fallback", { enum: ["jpg", "png"] }).notNull(),
    // Every variant's bytes together: counted with chat files against UPLOADS_MAX_TOTAL_MB.
    bytes: integer("bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [check("images_size_positive", sql`${t.width} > 0 and ${t.height} > 0 and ${t.bytes} >= 0`)],
).enableRLS();

export type StoredImage = typeof images.$inferSelect;

// --- insights ---
// Per-day totals of orders, payments and chats for Admin → Insights, kept exact by statement-level
// triggers in the same transaction as each write (supabase/migrations/20261128220400_insights_settings.sql),
// so a year's charts read a few thousand rows, not a million orders. Days are in the site's time
// zone (Settings); a change of zone rebuilds the rows. Metrics and keys: app/models/insights.server.ts.
export const insightDays = pgTable(
  "insight_days",
  {
    metric: text("metric").notNull(),
    day: date("day").notNull(),
    key: text("key").notNull(),
    count: bigint("count", { mode: "number" }).notNull().default(0),
    amount: numeric("amount", { mode: "number" }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.metric, t.day, t.key] })],
).enableRLS();

// One row per month whose summary email was queued: the primary key makes it once across instances.
export const insightSummaries = pgTable("insight_summaries", {
  month: date("month").primaryKey(),
  queuedAt: timestamp("queued_at", { withTimezone: true }).notNull().defaultNow(),
}).enableRLS();

// --- live chat with a person ---
// The live chat's heartbeat: when each admin last had the admin panel open (app/models/chat-handoff.server.ts).
// Bookkeeping like admin_sessions, apart from admin_users so a page load changes no account.
export const staffPresence = pgTable("staff_presence", {
  adminId: uuid("admin_id")
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: "cascade" }),
  seenAt: timestamp("seen_at", { withTimezone: true }).notNull(),
}).enableRLS();
