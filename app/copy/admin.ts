// Every admin text the spec fixes (docs/product.md §2 and §8), written once for the screens and the
// actions. Tests check the words themselves, as docs/product.md writes them.

/** A count and its noun: "1 order", "1,234 orders". */
const plural = (n: number, one: string, many: string) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export const LOGIN_TEXTS = {
  title: "Admin Login",
  username: "Username",
  password: "Password",
  submit: "Sign In",
  submitting: "Signing in...",
  usernameRequired: "Username is required",
  passwordRequired: "Password is required",
} as const;

export const SIDEBAR_TEXTS = {
  title: "Admin Panel",
  welcome: (username: string) => `Welcome, ${username}`,
  backToWebsite: "Back to Website",
  logout: "Logout",
  navLabel: "Admin",
  /** While the next admin screen loads. */
  loading: "Loading...",
  menu: "Menu",
  /** After the unread count on the Messages link: "3 unread"; it starts with a space. */
  unread: " unread",
  account: "Change Password",
  nav: {
    dashboard: "Dashboard",
    services: "Services",
    orders: "Orders",
    messages: "Messages",
    chats: "Chats",
    settings: "Settings",
    content: "Site Content",
    legal: "Privacy & Terms",
    founder: "Founder Info",
    integrations: "Integrations",
    webhooks: "Webhooks",
    admins: "Admin Users",
    activity: "Activity",
    personalData: "Personal Data",
  },
} as const;

/** What every admin screen shares: its buttons, badges and error page. */
export const COMMON_TEXTS = {
  cancel: "Cancel",
  active: "Active",
  inactive: "Inactive",
  edit: (name: string) => `Edit ${name}`,
  delete: (name: string) => `Delete ${name}`,
  confirm: (label: string) => `Confirm: ${label}`,
  confirmDelete: "Yes, delete",
  positionField: "Order",
  positionHint: "Lower numbers come first.",
  backToDashboard: "Back to the dashboard",
  error: {
    forbidden: "Access denied",
    superAdminOnly: "Only super admins can open this page.",
    notFound: "Not found",
    failed: "Something went wrong",
    notFoundDetail: "This record does not exist or was deleted.",
    failedDetail: "An unexpected error occurred. Please try again in a moment.",
  },
  orderStatuses: { pending: "Pending", paid: "Paid", cancelled: "Cancelled" },
  /** What a missing record is called in "This … does not exist or was deleted." */
  records: {
    record: "record",
    order: "order",
    service: "service",
    adminUser: "admin user",
    webhook: "webhook",
    eventWebhook: "event webhook",
    delivery: "delivery",
    message: "message",
  },
  gone: (what: string) => `This ${what} does not exist or was deleted.`,
  unknownIntent: (intent: string) => `Unknown intent: ${intent}`,
  /** An error toast's description when the error's own message is not for an admin's eyes. */
  tryAgain: "Something went wrong. Please try again.",
  /** The plain-text answer of a download link whose address is wrong (a date range, an email). */
  exportRefused: (reason: string) => `This export cannot be made: ${reason}`,
} as const;

export type RecordName = keyof typeof COMMON_TEXTS.records;

/** The admin forms' field errors, named by the field's label (routes/admin/+shared/form-schemas.ts). */
export const FIELD_ERRORS = {
  required: (label: string) => `${label} is required`,
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  notHttpUrl: (label: string) => `${label} must be a web address starting with http:// or https://`,
  notEmail: (label: string) => `${label} must be a valid email address`,
  notNumber: (label: string) => `${label} must be a number`,
  negative: (label: string) => `${label} must be 0 or more`,
  overMax: (label: string, max: number) => `${label} must be at most ${max.toLocaleString("en-US")}`,
  notWhole: (label: string) => `${label} must be a whole number`,
  tooLarge: (label: string) => `${label} is too large`,
  tooPrecise: (label: string) => `${label} must have at most 2 decimals`,
  /** A range of days (the orders export, the Chats filter). */
  notDay: (name: string) => `The date "${name}" must be a day written YYYY-MM-DD, such as 2026-11-23.`,
  daysReversed: 'The date "from" must not be after the date "to".',
} as const;

/** The password rules' errors (lib/password.ts): the admin forms, ADMIN_PASSWORD and `npm run admin`. */
export const PASSWORD_ERRORS = {
  required: "Password is required",
  tooShort: (min: number) => `Password must be at least ${min} characters`,
  tooLong: (max: number) => `Password must be at most ${max} characters`,
} as const;

/** The dashboard's four cards (lib/dashboard.ts). */
export const DASHBOARD_CARD_TEXTS = {
  services: { title: "Total Services", detail: (active: number) => `${active} active` },
  orders: { title: "Total Orders", detail: (pending: number) => `${pending} pending` },
  revenue: { title: "Revenue", detail: "From paid orders" },
  collected: { title: "Collected (30 days)", detail: "From recorded payments" },
  conversion: {
    title: "Conversion Rate",
    detail: (paid: number, total: number) => `${paid} of ${plural(total, "order", "orders")} paid`,
  },
} as const;

/** The dashboard screen (routes/admin/dashboard.tsx). */
export const DASHBOARD_TEXTS = {
  title: "Dashboard",
  description: "An overview of your services, orders and conversations.",
  recentActivity: "Recent Activity",
  latestOrders: "Latest orders",
  noOrders: "No orders yet.",
  latestMessages: "Latest messages",
  noMessages: "No contact messages yet.",
  unread: "New",
  latestChats: "Latest chats",
  noChats: "No chat conversations yet.",
  chatMessages: (count: number) => `${count} messages`,
  viewAll: "View all",
  quickActions: "Quick Actions",
  addService: "Add a service",
  reviewPending: "Review pending orders",
  exportOrders: "Export orders (CSV)",
  readMessages: "Read contact messages",
  manageWebhooks: "Manage chat webhooks",
  editSettings: "Edit site settings",
} as const;

/** The document title of an admin screen. */
export const adminTitle = (screen: string) => `${screen} | ${SIDEBAR_TEXTS.title}`;

export const ADMIN_USERS_TEXTS = {
  heading: "Admin Users",
  add: "Add Admin User",
  emptyTitle: "No admin users found.",
  emptyDescription: "Create your first admin user to get started.",
  loading: "Loading admin users...",
  createTitle: "Create New Admin User",
  editTitle: "Edit Admin User",
  createSubmit: "Create User",
  updateSubmit: "Update User",
  never: "Never",
  description: "Who can sign in to this panel. Super admins also manage admin users and integrations.",
  listLabel: "Admin users",
  you: "(you)",
  emailTerm: "Email:",
  lastLoginTerm: "Last Login:",
  createdTerm: "Created:",
  deleteQuestion: (username: string) => `Delete the admin user "${username}"? They will be signed out at once.`,
  gone: "This admin user no longer exists.",
  username: "Username",
  email: "Email",
  role: "Role",
  roles: { admin: "Admin", super_admin: "Super Admin" },
  /** The spec's role badge. */
  roleBadges: { admin: "ADMIN", super_admin: "SUPER ADMIN" },
  password: "Password",
  passwordHint: "At least 10 characters. The new admin can change it later.",
  active: "Active",
  usernameRequired: "Username is required",
  usernameTooLong: "Username must be at most 50 characters",
  usernameChars: "Username may contain letters, digits and . _ @ - only",
  roleInvalid: "Role must be Admin or Super Admin",
  /** The admin rules' refusals (models/admin-users.server.ts), shown in the error toast. */
  usernameTaken: (username: string) => `The username "${username}" is already taken.`,
  cannotDeactivateSelf: "You cannot deactivate your own account.",
  cannotDeleteSelf: "You cannot delete your own account.",
  lastSuperAdminDemoted: "The last active super admin cannot be deactivated or demoted.",
  lastSuperAdminDeleted: "The last active super admin cannot be deleted.",
} as const;

export const WEBHOOK_TEXTS = {
  heading: "Chat Webhooks",
  add: "Add Webhook",
  listHeading: "Active Webhooks",
  emptyTitle: "No webhooks configured yet.",
  emptyDescription: "Create your first webhook to start receiving chat messages.",
  testResult: "Test Result",
  createTitle: "Create New Webhook",
  editTitle: "Edit Webhook",
  createSubmit: "Create Webhook",
  updateSubmit: "Update Webhook",
  description: "Where the website's chat messages are sent for AI answers.",
  configurationHeading: "Webhook Configuration",
  configuration:
    "Chat messages are forwarded to the configured endpoints. Active webhooks are tried in the order below (move them with the arrows); the first one that answers successfully provides the reply. Then the chat webhook URL from the site settings is tried, and finally a canned reply is used.",
  samplePayload: "Sample outgoing payload",
  samplePayloadNote: "media_url is optional (null for text messages).",
  /** The visitor's message and the workflow's reply in the configuration card's samples. */
  sampleMessage: "Hi! Can you automate our invoice approvals?",
  sampleReply: "Sure! Invoice approvals are a great fit for n8n...",
  expectedResponse: "Expected response",
  expectedResponseNote:
    "The reply text in response, message or output (the field n8n's AI Agent answers with), the first one present, and a success flag.",
  listLabel: "Webhooks",
  test: "Test",
  testing: "Testing...",
  deleteQuestion: (name: string) => `Delete the webhook "${name}"? Chat messages will no longer be sent to it.`,
  urlTerm: "URL:",
  methodTerm: "Method:",
  payloadFormatTerm: "Payload format:",
  timeoutTerm: "Time-out:",
  createdTerm: "Created:",
  testResultEmpty: "Press Test on a webhook to send it a test message; its answer shows here.",
  testedWebhook: (name: string) => `Webhook: ${name}`,
  name: "Name",
  url: "URL",
  urlPlaceholder: "https://your-n8n.example/webhook/chat",
  method: "HTTP Method",
  payloadFormat: "Payload format",
  headers: "Headers (JSON, optional)",
  /** The headers' name in their error messages ("Headers must be at most … characters"). */
  headersName: "Headers",
  headersHint: 'For example {"Authorization": "Bearer your-token"}',
  storedHeadersHint: (mask: string) =>
    `Stored values are hidden (${mask}): leave one as it is to keep it, type a new value to replace it, remove a line to drop that header.`,
  invalidHeaders:
    'Headers must be a JSON object of header names to values, like {"Authorization": "Bearer your-token"}',
  active: "Active",
  methodInvalid: "HTTP method must be POST, PUT or PATCH",
  payloadFormatInvalid: "Choose Website or n8n Chat Trigger",
  timeoutNotNumber: "Time-out must be a number of seconds",
  timeoutNotWhole: "Time-out must be a whole number of seconds",
  timeoutTooShort: "Time-out must be at least 1 second",
  timeoutTooLong: (max: number) => `Time-out must be at most ${max} seconds`,
  /** What the admin's Test sends as the visitor's message. */
  testMessage: "This is a test message from the admin panel",
  payloadFormats: { website: "Website", "n8n-chat-trigger": "n8n Chat Trigger" },
  payloadFormatHint:
    "Website sends this site's payload (below). n8n Chat Trigger sends what n8n's own chat widget sends, so the URL can be a Chat Trigger's (…/webhook/<id>/chat) and its memory nodes keep the conversation.",
  status: (code: number) => `Status: ${code}`,
  response: (body: string) => `Response: ${body}`,
  took: (ms: number) => `Time: ${ms} ms`,
  replyFrom: (field: string, text: string) => `Reply (read from "${field}"): ${text}`,
  streamedReply: (text: string) => `Reply (streamed): ${text}`,
  noReplyField: (fields: readonly string[]) =>
    `No reply text: the answer has no ${fields.join(", ")} field with text, so the chat would show its default reply.`,
  moveUp: "Move up",
  moveDown: "Move down",
  timeoutLabel: "Time-out (seconds)",
  timeoutHint:
    "How long the chat waits for this webhook before trying the next (1 to 60; 15 by default). The reply deadline in Settings still applies.",
  timeoutShown: (seconds: number) => `${seconds} seconds`,
  /** The circuit breaker's state (app/lib/circuit-breaker.ts) as the list shows it; kept per server process. */
  breakerLabel: "On this server:",
  breaker: {
    closed: "Tried with every message.",
    failing: (failures: number) =>
      `Tried with every message; failed ${failures === 1 ? "once" : `${failures} times`} in a row.`,
    open: (until: string, timedOut: boolean) =>
      `Skipped until ${until}, after ${timedOut ? "a time-out" : "failing several times in a row"}; then tried once again.`,
  },
  /** The dashboard's warning while the chat has nowhere to send a message. */
  noneActive: "No chat webhook is active: visitors get canned replies instead of your workflow's answers.",
  noneActiveLink: "Set up a chat webhook",
  /** A URL refused at save: the fan-out and the outbox would refuse every request to it. */
  privateUrl: (host: string) =>
    `${host} is a private or local address, so the server would refuse to send anything there. Use a public address, or set ALLOW_PRIVATE_WEBHOOK_URLS=true on the server for a local n8n.`,
  error: (message: string) => `Error: ${message}`,
  detail: (detail: string) => `Details: ${detail}`,
  /** What a failed Test means, for an owner; the technical detail shows under it. */
  failure: {
    timeout: "Timed out: the webhook did not answer in time.",
    refused: "Could not connect: nothing answered at this address. Check the URL and that the workflow is running.",
    "not-found": "Could not find the host name. Check the URL for typos.",
    tls: "The secure (HTTPS) connection failed: the site's certificate was not accepted.",
    blocked:
      "This address is not allowed: webhooks must be on the public internet, unless the server sets ALLOW_PRIVATE_WEBHOOK_URLS=true.",
    "invalid-url": "The URL is not a valid web address.",
    other: "The webhook could not be reached.",
  },
} as const;

/** The event webhooks beside the chat webhooks, and the delivery log (docs/product.md, Admin Webhooks screen). */
export const EVENT_WEBHOOK_TEXTS = {
  heading: "Event Webhooks",
  description:
    "Business events sent to your workflows as signed Standard Webhooks, retried with back-off until they are delivered.",
  add: "Add Event Webhook",
  listLabel: "Event webhooks",
  emptyTitle: "No event webhooks configured yet.",
  emptyDescription: "Add one to send new orders, status changes, contact messages and chats to your n8n workflows.",
  createTitle: "Create New Event Webhook",
  editTitle: "Edit Event Webhook",
  createSubmit: "Create Event Webhook",
  updateSubmit: "Update Event Webhook",
  urlPlaceholder: "https://your-n8n.example/webhook/events",
  eventsLabel: "Events",
  eventsHint: "The events this webhook receives. Send test event works whatever is chosen.",
  eventsRequired: "Choose at least one event",
  /** What each event means, beside its checkbox. */
  events: {
    "order.created": "A visitor sent an order request.",
    "order.status_changed": "An admin changed an order's status.",
    "contact.created": "A visitor sent the contact form.",
    "chat.conversation_started": "A visitor sent the first message of a chat conversation.",
    "chat.lead_captured": "A visitor left their email address in the chat.",
    "payment.succeeded": "A client's payment was received.",
    "payment.failed": "A client's payment failed.",
    "subscription.cancelled": "A client's monthly subscription was cancelled.",
    "booking.created": "A client booked a call.",
    "booking.rescheduled": "A client moved their call.",
    "booking.cancelled": "A client's call was cancelled.",
    "chat.handoff_requested": "A chat conversation was handed to the team (the visitor asked, or the assistant).",
    "chat.staff_replied": "A staff member replied in a chat conversation.",
  },
  disabled: "Disabled",
  eventsTerm: "Events:",
  urlTerm: "URL:",
  statusTerm: "Status:",
  name: "Name",
  url: "URL",
  active: "Active",
  disabledTerm: "Why disabled:",
  /** Why the delivery worker switched a webhook off, kept with it and shown after "Why disabled:". */
  goneReason: (time: string) => `Answered 410 Gone on ${time}`,
  sendTest: "Send test event",
  /** The message of a test event's data. */
  testEventMessage: "This is a test event from the admin panel",
  log: "Delivery log",
  siteDeliveries: "Email and Airtable deliveries",
  deleteQuestion: (name: string) =>
    `Delete the event webhook "${name}"? Events will no longer be sent to it, and its delivery log is deleted.`,
  secretHeading: "Signing secret",
  secretLabel: "Signing secret (whsec_)",
  secretOnce: "Copy it now and paste it into your workflow: it will not be shown again.",
  secretRotated:
    "The previous secret stays valid for 24 hours: until then each delivery carries a signature made with each secret.",
  copy: "Copy secret",
  copied: "Copied",
  done: "Done",
  rotate: "Rotate secret",
  rotateHint:
    "The secret is shown once, when it is made. Rotating makes a new one; the current one keeps working for 24 hours, time to update your workflow.",
  rotateQuestion: "Make a new signing secret? The current one stays valid for 24 hours.",
  rotateConfirm: "Yes, rotate",
  previousValidUntil: (time: string) => `The previous secret is valid until ${time}.`,
} as const;

export const DELIVERY_LOG_TEXTS = {
  heading: (name: string) => `Delivery log: ${name}`,
  description: "Each event sent to this webhook, newest first, with every attempt to deliver it.",
  siteHeading: "Email and Airtable deliveries",
  siteDescription: "The site's own deliveries of its events, newest first, with every attempt.",
  channelFilter: "Show deliveries of",
  channels: { email: "Email", airtable: "Airtable" },
  channelNames: {
    webhook: "Event webhook",
    staff_email: "Email to staff",
    client_email: "Email to the client",
    airtable: "Airtable",
  },
  statuses: { pending: "Pending", delivered: "Delivered", failed: "Failed", cancelled: "Cancelled" },
  listLabel: "Deliveries",
  empty: "No deliveries yet.",
  emptyDescription: "Deliveries show here once an event is sent. Send a test event to try the webhook.",
  siteEmpty: "No deliveries yet.",
  created: (time: string) => `Created ${time}`,
  nextAttempt: (time: string) => `Next attempt ${time}`,
  attempts: (count: number) => (count === 1 ? "1 attempt" : `${count} attempts`),
  attemptsCaption: (id: string) => `Attempts of ${id}`,
  attemptColumns: { time: "Time", status: "Status", duration: "Duration", answer: "Answer" },
  payload: "Payload sent",
  payloadLabel: (id: string) => `Payload sent as ${id}`,
  noAttempts: "Not attempted yet.",
  noAnswer: "No answer",
  durationMs: (ms: number) => `${ms} ms`,
  redeliver: "Redeliver",
  back: "Back to Webhooks",
  /** An attempt's answer when the site itself gave up: no handler for the channel, a silent mail server. */
  noHandler: (channel: string) => `No way to deliver to ${channel}`,
  mailTimeout: (ms: number) => `No answer from the mail server within ${ms} ms`,
  airtableOff: "Airtable sync is off: Integrations holds no Airtable token, base ID and table ID.",
  webhookOff:
    "This webhook is not active: nothing but test events is sent to it. Tick Active on its edit page to redeliver.",
} as const;

/**
 * The Airtable sync's row (services/outbox/airtable.server.ts): the columns an admin creates in
 * their table, as docs/integrations.md lists them, so renaming one here renames it there too.
 */
export const AIRTABLE_COLUMNS = {
  orderId: "Order ID",
  clientName: "Client Name",
  clientEmail: "Client Email",
  clientPhone: "Client Phone",
  service: "Service",
  setupPrice: "Setup Price",
  monthlyPrice: "Monthly Price",
  totalPrice: "Total Price",
  status: "Status",
  orderDate: "Order Date",
  notes: "Notes",
  statusPage: "Status Page",
} as const;

/** A successful Airtable delivery's answer in the delivery log: the row's id, not the client's data. */
export const AIRTABLE_ANSWERS = {
  created: (recordId: string) => `Created record ${recordId}`,
  updated: (recordId: string) => `Updated record ${recordId}`,
} as const;

export const SERVICE_TEXTS = {
  heading: "Services Management",
  add: "Add Service",
  createTitle: "Add Service",
  editTitle: "Edit Service",
  setupPlaceholder: "149",
  monthlyPlaceholder: "29",
  monthlyHint: "Leave empty for a one-off service.",
  searchLabel: "Search services",
  search: "Search",
  count: (count: number) => (count === 1 ? "1 service" : `${count} services`),
  noMatch: "No services match this search.",
  description: "The automation services shown on the public site.",
  emptyTitle: "No services yet.",
  emptyDescription: "Add your first service to show it on the website.",
  listLabel: "Services",
  featured: "Featured",
  active: "Active",
  setupPrice: (price: string) => `${price} setup`,
  deleteQuestion: (name: string) => `Delete "${name}"? Orders for it keep their details.`,
  gone: "This service no longer exists.",
  name: "Name",
  category: "Category",
  categoryHint:
    "Pick one of the usual categories or type a new one, such as Consulting & Audits: it is stored as lowercase words joined by dashes (consulting-audits).",
  categoryInvalid: "Category must contain letters or digits, like Consulting & Audits",
  descriptionLabel: "Description",
  /** A field's name in its error messages ("Setup price is required"), beside its label. */
  setupPriceName: "Setup price",
  setupPriceLabel: (symbol: string) => `Setup price (${symbol})`,
  monthlyPriceName: "Monthly price",
  monthlyPriceLabel: (symbol: string) => `Monthly price (${symbol})`,
  imageUrlName: "Image URL",
  imageUrlLabel: "Image URL (optional)",
  urlPlaceholder: "https://",
  createSubmit: "Create Service",
  updateSubmit: "Update Service",
} as const;

export const ORDER_TEXTS = {
  heading: "Orders Management",
  // Beyond the spec: search, page links and the export's date range (docs/product.md, Admin Orders Management).
  searchFormLabel: "Search orders",
  searchLabel: "Search by name, email or service",
  searchPlaceholder: "Client name, email or service",
  searchSubmit: "Search",
  clearSearch: "Clear search",
  searchTooShort: (min: number) => `Type at least ${min} characters to search; showing every order.`,
  itemName: { one: "order", many: "orders" },
  exportRange: {
    label: "Export orders by date",
    from: "From",
    to: "To",
    hint: "Order dates in UTC, both days included; the status filter above applies too.",
    submit: "Export dates",
  },
  empty: "No orders found matching the selected criteria.",
  detailsTitle: "Order Details",
  statusLink: "Client's status page",
  copyStatusLink: "Copy",
  statusLinkCopied: "Copied",
  filters: { all: "All Orders", pending: "Pending", paid: "Paid", cancelled: "Cancelled" },
  description: "Order requests from the website, newest first.",
  exportCsv: "Export CSV",
  counters: { total: "Total Orders", pending: "Pending", paid: "Paid", cancelled: "Cancelled", revenue: "Revenue" },
  filterLabel: "Filter orders by status",
  listLabel: "Orders",
  unknownStatus: "Unknown order status.",
  gone: "This order no longer exists.",
  statusFor: (client: string) => `Status for ${client}`,
  update: "Update",
  updateStatusOf: (client: string) => `status for ${client}`,
  view: "View",
  viewOrderOf: (client: string) => `order of ${client}`,
  client: "Client",
  email: "Email",
  phone: "Phone",
  notGiven: "Not given",
  service: "Service",
  serviceDeleted: (service: string) => `${service} (service deleted)`,
  setupFee: "Setup Fee",
  monthly: "Monthly",
  total: "Total (first month)",
  status: "Status",
  paymentMethod: "Payment method",
  notSet: "Not set",
  orderDate: "Order date",
  projectDetails: "Project details",
  noProjectDetails: "None",
  close: "Close",
} as const;

/** The page links of every long admin list (docs/product.md, Admin lists). */
export const PAGER_TEXTS = {
  label: "Pages",
  first: "First page",
  previous: "Previous page",
  next: "Next page",
  last: "Last page",
  total: (count: number, noun: { one: string; many: string }) => plural(count, noun.one, noun.many),
} as const;

// Beyond the spec: the contact messages and chats screens (docs/product.md, Admin Messages and Admin Chats).
export const MESSAGE_TEXTS = {
  heading: "Contact Messages",
  description: "Messages sent with the contact form or left in the chat, newest first.",
  listLabel: "Contact messages",
  emptyTitle: "No contact messages yet.",
  emptyDescription: "Messages sent from the website's contact form appear here.",
  searchFormLabel: "Search contact messages",
  searchLabel: "Search by name, email or message",
  searchPlaceholder: "Name, email or words of the message",
  searchSubmit: "Search",
  clearSearch: "Clear search",
  searchTooShort: (min: number) => `Type at least ${min} characters to search; showing every message.`,
  noMatch: (q: string) => `No messages match "${q}".`,
  matching: (q: string) => `Messages matching "${q}"`,
  totals: (total: number, unread: number) =>
    `${total.toLocaleString("en-US")} ${total === 1 ? "message" : "messages"}, ${unread.toLocaleString("en-US")} unread`,
  goneDescription: "This message no longer exists.",
  fromChat: "From the chat",
  openConversation: "Open the conversation",
  /** Read after "Open the conversation" by a screen reader; it starts with a space. */
  openConversationOf: (email: string) => ` of the message from ${email}`,
  messageFrom: (name: string) => `Message from ${name}`,
  read: "Read",
  new: "New",
  markUnread: "Mark as unread",
  markRead: "Mark as read",
  /** Read after the mark button's text by a screen reader; it starts with a space. */
  markOf: (name: string) => ` the message from ${name}`,
  deleteLabel: (name: string) => `Delete the message from ${name}`,
  deleteQuestion: (name: string) => `Delete the message from ${name}? This cannot be undone.`,
} as const;

/** The address searched for on the Personal Data screen (lib/personal-data.ts). */
export const PERSONAL_DATA_EMAIL_ERRORS = {
  required: "Enter an email address.",
  tooLong: "An email address has at most 254 characters.",
  invalid: "Enter a valid email address.",
} as const;

/** What is stored about an address: "3 orders, 2 messages, 1 conversation" (lib/personal-data.ts). */
export const personalDataCounts = (counts: { orders: number; contactMessages: number; conversations: number }) =>
  [
    plural(counts.orders, "order", "orders"),
    plural(counts.contactMessages, "message", "messages"),
    plural(counts.conversations, "conversation", "conversations"),
  ].join(", ");

/** Beyond the spec: super admins only. */
export const PERSONAL_DATA_TEXTS = {
  heading: "Personal Data",
  description: "Find, export or erase everything stored about one email address.",
  searchFormLabel: "Find personal data",
  emailLabel: "Email address",
  emailPlaceholder: "person@example.com",
  find: "Find",
  found: (email: string, summary: string) => `Stored for ${email}: ${summary}.`,
  nothingFound: (email: string) => `Nothing is stored for ${email}.`,
  download: "Download JSON",
  erase: "Erase personal data",
  eraseLabel: (email: string) => `Erase personal data of ${email}`,
  eraseQuestion: (email: string) =>
    `Erase everything stored about ${email}? Orders keep their service, amounts, status and dates; contact messages and chat conversations are deleted. This cannot be undone.`,
  confirmErase: "Yes, erase",
  ordersHeading: "Orders",
  messagesHeading: "Contact messages",
  chatsHeading: "Chat conversations",
  chatsNote: "Conversations in which a message mentions this address.",
  none: "None.",
  noPhone: "No phone",
  conversation: (sessionId: string, messages: number) =>
    `Session ${sessionId} · ${messages} ${messages === 1 ? "message" : "messages"}`,
  viewConversation: "View in Chats",
} as const;

export const CHAT_TEXTS = {
  heading: "Chats",
  description: "Conversations with the website's AI chat, the most recent first.",
  listLabel: "Conversations",
  emptyTitle: "No chat conversations yet.",
  emptyDescription: "Conversations from the chat widget appear here.",
  itemName: { one: "conversation", many: "conversations" },
  messageCount: (n: number) => `${n} messages`,
  noVisitorMessage: "No message from the visitor yet",
  answeredBy: (by: string | null) =>
    by === null
      ? "Not answered yet"
      : by === "canned"
        ? "Answered by the canned replies"
        : by === "settings"
          ? "Answered by the settings' chat webhook"
          : `Answered by ${by}`,
  conversationLabel: "Conversation",
  session: (id: string) => `Session ${id}`,
  noMessages: "This conversation has no messages.",
  visitor: "Visitor",
  assistant: "Assistant",
  imageAlt: "Image sent by the visitor",
  downloadVoice: "Download the voice message",
  /** The badge beside a reply: who gave it. */
  replyBy: (answeredBy: string) =>
    answeredBy === "settings"
      ? "Answered by the settings webhook"
      : answeredBy === "canned"
        ? "Canned reply (no webhook answered)"
        : `Answered by webhook "${answeredBy}"`,
  /** How a reply came, after the badge: "in 1.2 s, streamed". */
  replyTime: (replyMs: number) => `in ${(replyMs / 1000).toFixed(1)} s`,
  streamed: "streamed",
  /** The conversation's own page links (the list of conversations has the shared pager's). */
  conversationPages: {
    label: "Pages of this conversation",
    earliest: "Start of the conversation",
    earlier: "Earlier messages",
    later: "Later messages",
    latest: "Latest messages",
  },
  /** The search and date filter above the list. */
  filter: {
    label: "Search conversations",
    search: "Search messages",
    searchPlaceholder: "Words from any message",
    from: "From",
    to: "To",
    submit: "Search",
    clear: "Clear filters",
    hint: (timeZone: string) =>
      `Finds conversations with a message containing the text, in any case. Days are in ${timeZone}, both included, and count the conversation's last message.`,
    searchTooShort: (min: number) => `Type at least ${min} characters to search the messages.`,
    datesIgnored: (reason: string) => `${reason} The dates are not applied.`,
    matching: ({ q, from, to }: { q?: string; from?: string; to?: string }) => {
      const when =
        from && to
          ? `last active from ${from} to ${to}`
          : from
            ? `last active on or after ${from}`
            : to
              ? `last active on or before ${to}`
              : null;
      return `Conversations ${[q ? `with a message containing "${q}"` : null, when].filter(Boolean).join(", ")}`;
    },
    noMatch: "No conversations match these filters.",
  },
} as const;

/** The Site Content screen. */
export const CONTENT_TEXTS = {
  heading: "Site Content",
  description: "The home page's figures, the footer's founded year, the order page's next steps and the FAQ.",
  heroStats: "Home page figures",
  heroStatsHint: "The three figures under the home page's headline.",
  footer: "Footer",
  nextSteps: "Order page",
  saveCopy: "Save Content",
  faq: "Frequently Asked Questions",
  addQuestion: "Add Question",
  saveQuestion: "Save Question",
  moveUp: "Move up",
  moveDown: "Move down",
  remove: "Remove",
  stat1Value: "First figure",
  stat1Label: "First figure's label",
  stat2Value: "Second figure",
  stat2Label: "Second figure's label",
  stat3Value: "Third figure",
  stat3Label: "Third figure's label",
  foundedYear: "Founded year",
  foundedYearHint: "The copyright line runs from this year to the current one.",
  foundedYearInvalid: "Founded year must be a year such as 2024",
  foundedYearTooEarly: "Founded year must be 1900 or later",
  foundedYearTooLate: "Founded year must be 2100 or earlier",
  nextStepsLabel: "What happens next?",
  nextStepsHint: "One step a line, shown beside the order form.",
  tooManySteps: (max: number) => `Write at most ${max} steps`,
  question: "Question",
  answer: "Answer",
  newQuestion: "New question",
  newAnswer: "New answer",
  numberedQuestion: (n: number) => `Question ${n}`,
  numberedAnswer: (n: number) => `Answer ${n}`,
  /** Read after a row's button by a screen reader ("Move up question 2"); it starts with a space. */
  ofQuestion: (n: number) => ` question ${n}`,
} as const;

/** The admin's own password (Change Password screen). */
export const ACCOUNT_TEXTS = {
  signedInAs: (username: string, role: string) =>
    `Signed in as ${username} (${role.replace("_", " ")}). Changing your password signs out your other sessions.`,
  currentPassword: "Current password",
  newPassword: "New password",
  newPasswordHint: "At least 10 characters.",
  repeatPassword: "Repeat new password",
  submit: "Change password",
  currentRequired: "Current password is required",
  repeatRequired: "Repeat the new password",
  mismatch: "The passwords do not match",
  limited: "Too many attempts. Please try again later.",
  wrongPassword: "The current password is not correct.",
} as const;

/** The Founder Info screen. */
export const FOUNDER_TEXTS = {
  heading: "Founder Information",
  description: "The founder section of the home page.",
  save: "Save Founder Info",
  profile: "Profile",
  name: "Name",
  imageUrl: "Profile image URL",
  urlPlaceholder: "https://",
  bio: "Bio",
  stats: "Stats",
  statsHint: "Shown with a plus sign, e.g. 5+.",
  experienceYears: "Years of experience",
  projectsCompleted: "Projects completed",
  clientsServed: "Clients served",
  social: "Social links",
  socialHint: "Each is shown only when set.",
  linkedin: "LinkedIn",
  linkedinPlaceholder: "https://linkedin.com/in/...",
  twitter: "Twitter",
  twitterPlaceholder: "https://twitter.com/...",
  github: "GitHub",
  githubPlaceholder: "https://github.com/...",
  skills: "Skills",
  skillsHint: "Press Enter or the plus button to add a skill; each change is saved at once.",
  noFounderYet: "Save the founder's name and bio first, then add skills.",
  noSkills: "No skills yet.",
  removeSkill: (skill: string) => `Remove skill ${skill}`,
  newSkill: "New skill",
  skillPlaceholder: "Add a skill, e.g. n8n",
  addSkill: "Add skill",
  skillRequired: "Enter a skill",
  skillTooLong: "A skill must be at most 60 characters",
  tooManySkills: (max: number) => `At most ${max} skills`,
  tooManySkillsToast: (max: number) => `At most ${max} skills can be listed.`,
} as const;

/** The Privacy & Terms screen. */
export const LEGAL_TEXTS = {
  heading: "Privacy & Terms",
  description:
    "The texts of the /privacy and /terms pages, in markdown. Empty: the template, which names the data the site stores and the retention periods from the settings.",
  privacy: "Privacy policy",
  terms: "Terms and conditions",
  save: "Save Texts",
  shownAt: (path: string) => `Shown at ${path}. Markdown; HTML is shown as text.`,
} as const;

/** Admin → Integrations (the Stripe webhook's and PayPal's texts are STRIPE_WEBHOOK_TEXTS and PAYPAL_TEXTS). */
export const INTEGRATIONS_TEXTS = {
  title: "Integrations",
  description:
    "Payment, data and voice-agent keys, and custom code for the public pages. Only super admins see this page.",
  submit: "Save Integrations",
  payments: "Payments",
  stripePublishableKey: "Stripe publishable key",
  stripeSecretKey: "Stripe secret key",
  airtable: "Airtable",
  airtableDescription:
    "Each new order becomes a row in this table, and its status is kept in step. The table needs the fields the README lists under Airtable sync; the token needs the data.records:write scope on this base.",
  airtableToken: "Airtable token",
  airtableBaseId: "Airtable base ID",
  airtableTableId: "Airtable table ID",
  publicPages: "Public pages",
  publicPagesDescription: "This code runs on every public page: paste only code you trust.",
  voiceAgentEmbedCode: "Voice agent embed code",
  voiceAgentHint: "The HTML snippet of your voice agent; shown on every public page when set.",
  customCss: "Custom CSS",
  customCssHint: "Added to every public page.",
  customJs: "Custom JavaScript",
  customJsHint: "Run on every public page.",
} as const;

/** A write-only secret of the Integrations screen (docs/product.md, Admin Integrations). */
/** Admin → Integrations: what to paste into Stripe's dashboard (docs/payments.md, "Stripe: set up"). */
export const STRIPE_WEBHOOK_TEXTS = {
  secretLabel: "Stripe Webhook Signing Secret",
  endpointLabel: "Webhook endpoint to add in Stripe's dashboard",
  endpointUnknown: "Set SITE_URL to the site's public address: Stripe needs the endpoint's full address.",
  eventsLabel: "Events to send",
  hint: "In Stripe's dashboard (Developers → Webhooks) add this endpoint with these events, then paste its signing secret (whsec_…) here.",
} as const;

/** Admin → Integrations: PayPal's REST app (docs/payments.md, "PayPal: set up"). */
export const PAYPAL_TEXTS = {
  clientIdLabel: "PayPal client ID",
  secretLabel: "PayPal client secret",
  webhookIdLabel: "PayPal webhook ID",
  sandboxLabel: "PayPal sandbox",
  hint: "From your REST app in PayPal's developer dashboard (Apps & Credentials). Add a webhook on the endpoint below with these events and paste its webhook ID here. Turn on PayPal sandbox to use the sandbox app's credentials.",
  endpointLabel: "Webhook endpoint to add in PayPal's dashboard",
  endpointUnknown: "Set SITE_URL to the site's public address: PayPal needs the endpoint's full address.",
  eventsLabel: "Events to send",
} as const;

/** The PayPal events the webhook handles: the webhook in PayPal's dashboard must send each. */
export const PAYPAL_WEBHOOK_EVENTS = [
  "PAYMENT.CAPTURE.COMPLETED",
  "PAYMENT.CAPTURE.REFUNDED",
  "BILLING.SUBSCRIPTION.ACTIVATED",
  "PAYMENT.SALE.COMPLETED",
  "BILLING.SUBSCRIPTION.PAYMENT.FAILED",
  "BILLING.SUBSCRIPTION.CANCELLED",
] as const;

/** The Stripe events the webhook handles: the endpoint in Stripe's dashboard must send each. */
export const STRIPE_WEBHOOK_EVENTS = [
  "checkout.session.completed",
  "invoice.paid",
  "invoice.payment_failed",
  "customer.subscription.deleted",
  "charge.refunded",
] as const;

export const SECRET_FIELD_TEXTS = {
  stored: (lastFour: string) => `Stored, ending in ${lastFour}. Leave blank to keep it.`,
  notSet: "Not set.",
  unreadable:
    "Stored, but encrypted with a key this server does not have (SECRETS_KEY, or SECRETS_KEY_PREVIOUS during a rotation). Type it again to replace it.",
  remove: (label: string) => `Remove the stored ${label.toLowerCase()}`,
  showButton: "Show",
  hideButton: "Hide",
  show: (label: string) => `Show ${label.toLowerCase()}`,
  hide: (label: string) => `Hide ${label.toLowerCase()}`,
} as const;

/** "companyName" → "company name": how a changed field is named in the activity log. */
const fieldName = (name: string) => name.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
const fieldList = (details: Record<string, unknown> | null) => {
  const fields = Array.isArray(details?.fields) ? (details.fields as string[]) : [];
  return fields.length > 0 ? `: ${fields.map(fieldName).join(", ")}` : "";
};

// The records whose created, updated and deleted entries read alike: "Added the webhook "…"".
const RECORD_NAMES: Record<string, string | undefined> = {
  webhook: "webhook",
  event_webhook: "event webhook",
  admin: "admin",
};

/** An order's payments in the admin's order details (docs/product.md §11.3). */
export const ORDER_PAYMENT_TEXTS = {
  heading: "Payments",
  empty: "No payments recorded yet.",
  columns: {
    date: "Date",
    amount: "Amount",
    kind: "Kind",
    provider: "Provider",
    reference: "Reference",
    status: "Status",
  },
  kinds: { setup: "Setup", monthly: "Monthly" },
  providers: { stripe: "Stripe", paypal: "PayPal", bank_transfer: "Bank transfer", cash: "Cash", other: "Other" },
  statuses: { succeeded: "Paid", failed: "Failed", refunded: "Refunded" },
  flagged: "Already paid — check for a double payment",
  viewInStripe: "View in Stripe",
  subscription: "Subscription",
  subscriptionStates: { active: "Active", past_due: "Past due", cancelled: "Cancelled" },
  noSubscription: "None",
  paymentRequested: "Payment requested",
  markPaid: {
    heading: "Mark as paid",
    hint: "For a payment received outside the site: the order becomes paid and the payment is recorded.",
    method: "Payment method",
    methodInvalid: "Choose how the order was paid",
    submit: "Mark as paid",
  },
  requestPayment: {
    heading: "Request payment",
    hint: "Shows “Pay now” on the client's order page and emails them its link.",
    submit: "Request payment",
  },
  quote: {
    heading: "Custom quote",
    hint: "New amounts for this order; the client's page shows the new total.",
    setupPrice: "Setup fee",
    monthlyPrice: "Monthly fee",
    submit: "Save quote",
  },
  notPending: "Only a pending order can be changed here.",
} as const;

/** Admin → Settings (routes/admin/settings.tsx): a field's name in its errors (`…Name`) beside its label. */
export const SETTINGS_TEXTS = {
  heading: "Site Settings",
  description: "Company details, home page texts, contact channels and brand colours.",
  submit: "Save Settings",
  company: "Company",
  companyName: "Company name",
  workflowToolName: "Workflow tool name",
  workflowToolPlaceholder: "n8n",
  homePage: "Home page",
  homepageHeadline: "Homepage headline",
  homepageSubtext: "Homepage subtext",
  contact: "Contact",
  supportEmail: "Support email",
  whatsappNumber: "WhatsApp number",
  whatsappPlaceholder: "+1 555 010 0100",
  whatsappInvalid: "WhatsApp number must be a phone number such as +1 555 010 0100",
  messengerLink: "Messenger link",
  messengerPlaceholder: "https://m.me/yourpage",
  businessAddress: "Business address",
  branding: "Branding",
  brandingDescription: "Colours are hex values such as #4f46e5.",
  logoUrl: "Logo URL",
  faviconUrl: "Favicon URL",
  urlPlaceholder: "https://",
  primaryColor: "Primary colour",
  secondaryColor: "Secondary colour",
  colorPlaceholder: "#4f46e5",
  notHexColor: (label: string) => `${label} must be a hex colour such as #4f46e5`,
  chat: "Chat",
  chatDescription:
    "Chat messages go to the active webhooks first, then to this address, all within the reply deadline.",
  chatWebhookUrl: "Chat webhook URL",
  chatWebhookPlaceholder: "https://your-n8n.example/webhook/chat",
  conversationHoursName: "Conversation lifetime",
  conversationHoursLabel: "Conversation lifetime (hours)",
  conversationHoursHint: "How long a visitor's conversation carries on across page loads.",
  replyDeadlineName: "Reply deadline",
  replyDeadlineLabel: "Reply deadline (seconds)",
  replyDeadlineHint:
    "When no webhook has answered by then, the visitor gets the standard reply and an offer to leave their email.",
  starterPrompt: (number: number) => `Starter prompt ${number}`,
  starterPromptPlaceholder: "How much does an automation cost?",
  starterPromptHint: "Shown before the visitor's first message. Leave empty for none.",
  starterPromptTooLong: (max: number) => `A starter prompt can be up to ${max} characters`,
  tooManyStarterPrompts: (max: number) => `At most ${max} starter prompts`,
  privacy: "Privacy",
  privacyDescription:
    "Old chat conversations and contact messages are deleted automatically; the privacy policy states these periods.",
  chatRetentionName: "Keep chat conversations for",
  chatRetentionLabel: "Keep chat conversations for (months)",
  contactRetentionName: "Keep contact messages for",
  contactRetentionLabel: "Keep contact messages for (months)",
  ipMode: "Visitor IP address sent to chat webhooks",
  ipModeInvalid: "Choose what the chat webhooks receive of the visitor's address",
  ipModes: {
    none: 'Nothing (sent as "unknown")',
    truncated: "Shortened (IPv4 /24, IPv6 /48)",
    full: "Full address",
  },
  timeZone: "Time zone",
  timeZoneInvalid: "Time zone must be an IANA name such as Europe/Berlin or America/New_York",
  timeZoneHint: (server: string) => `For the Chats list and the footer's year. Empty: the server's (${server}).`,
  currencyPlaceholder: "USD",
  /** A number field's unit, [one, many], in its errors. */
  units: {
    months: ["month", "months"],
    hours: ["hour", "hours"],
    seconds: ["second", "seconds"],
  },
  wholeNumber: {
    notNumber: (label: string, [, many]: readonly [string, string]) => `${label} must be a number of ${many}`,
    notWhole: (label: string, [, many]: readonly [string, string]) => `${label} must be a whole number of ${many}`,
    tooSmall: (label: string, min: number, [one, many]: readonly [string, string]) =>
      `${label} must be at least ${min} ${min === 1 ? one : many}`,
    tooLarge: (label: string, max: number, [, many]: readonly [string, string]) =>
      `${label} must be at most ${max} ${many}`,
  },
} as const;

/** Admin → Settings' payment fields (docs/product.md §11.3). */
export const PAYMENT_SETTINGS_TEXTS = {
  section: "Payments",
  description: "The currency of every price on the site, in the admin, in emails and at checkout.",
  currency: "Currency",
  currencyHint: "An ISO 4217 code such as USD, EUR or GBP.",
  currencyInvalid: "Currency must be an ISO 4217 code such as USD, EUR or GBP",
  timing: "Ask for payment",
  timings: { after_order: "Right after the order", after_confirm: "After we confirm" },
  timingInvalid: "Choose when clients are asked to pay",
} as const;

/** The Activity screen and the dashboard's latest changes (docs/product.md, Admin Activity). */
export const AUDIT_TEXTS = {
  heading: "Activity",
  description: "Who changed what in the admin, newest first.",
  listLabel: "Changes",
  latest: "Latest changes",
  empty: "No changes recorded yet.",
  /** One entry as a sentence, without its actor and time (shown beside it). */
  describe(entry: { action: string; target: string | null; details: Record<string, unknown> | null }): string {
    const target = entry.target ?? "";
    const [kind, change] = entry.action.split(".");
    const record = RECORD_NAMES[kind];
    if (record && change === "created") return `Added the ${record} "${target}"`;
    if (record && change === "updated") return `Changed the ${record} "${target}"${fieldList(entry.details)}`;
    if (record && change === "deleted") return `Deleted the ${record} "${target}"`;
    switch (entry.action) {
      case "settings.updated":
        return `Changed the site settings${fieldList(entry.details)}`;
      case "founder.updated":
        return `Changed the founder information${fieldList(entry.details)}`;
      case "integrations.updated":
        return `Changed the integrations${fieldList(entry.details)}`;
      case "order.status_changed":
        return `Set the order of ${target} from ${String(entry.details?.from)} to ${String(entry.details?.to)}`;
      case "order.marked_paid":
        return `Marked the order of ${target} as paid (${String(entry.details?.method)})`;
      case "order.quote_changed":
        return `Changed the quote of the order of ${target}`;
      case "order.payment_requested":
        return `Requested payment for the order of ${target}`;
      case "webhook.moved":
        return `Moved the webhook "${target}" ${String(entry.details?.direction)} the order`;
      case "event_webhook.secret_rotated":
        return `Rotated the signing secret of the event webhook "${target}"`;
      case "content.updated":
        return `Changed the site content${fieldList(entry.details)}`;
      case "legal.updated":
        return `Changed the ${target}`;
      case "admin.password_changed":
        return "Changed their own password";
      case "personal_data.erased":
        return `Erased the personal data of ${target}: ${String(entry.details?.summary)}`;
      case "chat.staff_replied":
        return `Replied in the chat conversation ${target}`;
      case "chat.handed_back":
        return `Handed the chat conversation ${target} back to the assistant`;
      default:
        return entry.action;
    }
  },
} as const;

type Toast = { message: string; description?: string };

/**
 * The spec's six toasts of a record's create, update and delete, one pattern for every kind of
 * record: "Service created successfully!", "Error creating service", and so on.
 */
function recordToasts(name: string) {
  const noun = name.toLowerCase();
  return {
    created: { message: `${name} created successfully!` },
    updated: { message: `${name} updated successfully!` },
    deleted: { message: `${name} deleted successfully!` },
    createError: `Error creating ${noun}`,
    updateError: `Error updating ${noun}`,
    deleteError: `Error deleting ${noun}`,
  };
}

/** Success and error toasts. Error descriptions come from the server's message at the call site. */
export const TOASTS = {
  loginSuccess: { message: "Login successful", description: "Welcome to the admin panel!" },
  loginFailed: { message: "Login failed", description: "Invalid username or password" },
  loginError: { message: "Login error", description: "An error occurred during login" },
  loginLimited: (minutes: number): Toast => ({
    message: "Too many sign-in attempts",
    description: `Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`,
  }),

  service: recordToasts("Service"),

  orderUpdated: { message: "Order status updated successfully!" },
  orderMarkedPaid: { message: "Order marked as paid" },
  orderQuoteSaved: { message: "Quote saved", description: "The client's page shows the new total." },
  paymentRequested: (emailed: boolean) => ({
    message: "Payment requested",
    description: emailed
      ? "The client is emailed the link to their order."
      : "Email is off: send the client the link to their order yourself.",
  }),
  orderUpdateError: "Error updating order",

  settingsUpdated: { message: "Settings updated successfully!" },
  settingsUpdateError: "Error updating settings",
  founderUpdated: { message: "Founder information updated successfully!" },
  founderUpdateError: "Error updating founder info",
  integrationsUpdated: { message: "Integrations updated successfully!" },
  integrationsUpdateError: "Error updating integrations",

  admin: { ...recordToasts("Admin user"), createFallback: "Failed to create user" },

  webhook: recordToasts("Webhook"),
  /** The spec's "Failed to … webhook: …" descriptions. The reason is never an internal error's text. */
  webhookFailed: (action: "create" | "update" | "delete", reason = "a server error occurred. Please try again.") =>
    `Failed to ${action} webhook: ${reason}`,
  /** The reason of a save refused for its address (WEBHOOK_TEXTS.privateUrl says it in full by the field). */
  privateUrlReason: "its URL is a private or local address.",
  webhookInvalidHeaders: { message: "Invalid JSON in headers", description: "Please check your headers format" },
  webhookMoved: { message: "Webhook order updated" },
  eventWebhook: recordToasts("Event webhook"),
  eventWebhookFailed: (action: "create" | "update" | "delete", reason = "a server error occurred. Please try again.") =>
    `Failed to ${action} event webhook: ${reason}`,
  eventWebhookRotated: {
    message: "Signing secret rotated",
    description: "The previous secret stays valid for 24 hours.",
  },
  eventWebhookRotateError: "Error rotating the signing secret",
  testEventQueued: { message: "Test event queued: see the delivery log" },
  testEventError: "Error sending test event",
  redeliveryQueued: { message: "Queued for redelivery" },
  redeliveryError: "Error queuing redelivery",
  /** Redeliver where nothing can go out: the worker would only cancel it. */
  redeliveryOff: (why: string): Toast => ({ message: "Not redelivered", description: why }),
  contentUpdated: { message: "Content updated successfully!" },
  contentUpdateError: "Error updating content",
  faqChanged: {
    message: "Error updating content",
    description: "The questions changed in the meantime. Please try again.",
  },
  faqInvalid: { message: "Error updating content", description: "A question and its answer are both required." },
  faqFull: (max: number): Toast => ({ message: "Error updating content", description: `At most ${max} questions.` }),
  legalUpdated: { message: "Texts updated successfully!" },
  legalUpdateError: "Error updating texts",
  webhookNotMoved: (direction: "up" | "down"): Toast => ({
    message: "Webhook not moved",
    description: `It is already ${direction === "up" ? "first" : "last"} in the order.`,
  }),
  // Titles only: the Test Result card says the status or what went wrong, so each is said once.
  webhookTested: { message: "Webhook test completed" },
  webhookTestFailed: { message: "Webhook test failed" },

  // Beyond the spec: contact messages and the admin's own password.
  messageRead: { message: "Message marked as read." },
  messageUnread: { message: "Message marked as unread." },
  messageDeleted: { message: "Message deleted." },
  messageError: "Error updating message",
  passwordChanged: { message: "Password changed successfully!" },
  passwordError: "Error changing password",
  personalDataErased: (summary: string): Toast => ({ message: "Personal data erased", description: summary }),
  personalDataFilesLeft: (summary: string, files: number): Toast => ({
    message: "Personal data erased",
    description: `${summary}. ${files} chat ${files === 1 ? "file" : "files"} could not be deleted now; the upload retention will delete them.`,
  }),
  personalDataError: "Error erasing personal data",
} as const;

/**
 * Beyond the spec: the dashboard's warning about DATA_DIR's volume, in
 * whole MB (MiB, as the limits are counted) and rounded down, never promising more than is there.
 */
export const DISK_TEXTS = {
  nearlyFull: (freeMb: number, uploadsMinFreeMb: number) =>
    `Disk nearly full: ${freeMb} MB free on the data volume. Chat uploads are paused below ${uploadsMinFreeMb} MB.`,
  // With DATABASE_URL the volume holds the uploads alone, and the database's disk is not ours to measure.
  uploadsVolumeNearlyFull: (freeMb: number, uploadsMinFreeMb: number) =>
    `Disk nearly full: ${freeMb} MB free on this server's uploads volume. Chat uploads are paused below ` +
    `${uploadsMinFreeMb} MB. The database (DATABASE_URL) keeps its data on its own disk, which is not measured here.`,
  critical: (freeMb: number, criticalFreeMb: number, uploadsMinFreeMb: number | null) =>
    `Disk critically full: ${freeMb} MB free on the data volume, which holds the database. ` +
    (uploadsMinFreeMb === null ? "" : `Chat uploads are paused below ${uploadsMinFreeMb} MB. `) +
    `Below ${criticalFreeMb} MB new orders and messages may fail to save: free space now.`,
} as const;
