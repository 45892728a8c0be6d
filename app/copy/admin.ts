// Every admin text the spec fixes (docs/product.md §2 and §8), written once for the screens and the
// actions. Tests check the words themselves, as docs/product.md writes them.

export const LOGIN_TEXTS = {
  title: "Admin Login",
  username: "Username",
  password: "Password",
  submit: "Sign In",
} as const;

export const SIDEBAR_TEXTS = {
  title: "Admin Panel",
  welcome: (username: string) => `Welcome, ${username}`,
  backToWebsite: "Back to Website",
  logout: "Logout",
} as const;

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
  status: (code: number) => `Status: ${code}`,
  response: (body: string) => `Response: ${body}`,
  error: (message: string) => `Error: ${message}`,
} as const;

export const SERVICE_TEXTS = {
  heading: "Services Management",
  add: "Add Service",
  createTitle: "Add Service",
  editTitle: "Edit Service",
  setupPlaceholder: "149",
  monthlyPlaceholder: "29",
} as const;

export const ORDER_TEXTS = {
  heading: "Orders Management",
  empty: "No orders found matching the selected criteria.",
  detailsTitle: "Order Details",
  filters: { all: "All Orders", pending: "Pending", paid: "Paid", cancelled: "Cancelled" },
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
  webhookInvalidHeaders: { message: "Invalid JSON in headers", description: "Please check your headers format" },
  webhookTested: (status: number): Toast => ({ message: "Webhook test completed", description: `Status: ${status}` }),
  webhookTestFailed: (error: string): Toast => ({ message: "Webhook test failed", description: error }),

  // Beyond the spec: contact messages and the admin's own password.
  messageRead: { message: "Message marked as read." },
  messageUnread: { message: "Message marked as unread." },
  messageDeleted: { message: "Message deleted." },
  messageError: "Error updating message",
  passwordChanged: { message: "Password changed successfully!" },
  passwordError: "Error changing password",
} as const;
