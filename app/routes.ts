import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [index("routes/public/home.tsx")]),

  // Admin panel: its own layout, every loader and action guarded on the server.
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin/orders/export.csv", "routes/admin/orders-export.ts"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("services", "routes/admin/services/list.tsx", [
      route("new", "routes/admin/services/new.tsx"),
      route(":serviceId/edit", "routes/admin/services/edit.tsx"),
    ]),
    route("orders", "routes/admin/orders.tsx"),
    route("messages", "routes/admin/messages.tsx"),
    route("chats", "routes/admin/chats.tsx"),
    route("settings", "routes/admin/settings.tsx"),
    route("founder", "routes/admin/founder.tsx"),
    route("integrations", "routes/admin/integrations.tsx"),
    route("webhooks", "routes/admin/webhooks/list.tsx", [
      route("new", "routes/admin/webhooks/new.tsx"),
      route(":webhookId/edit", "routes/admin/webhooks/edit.tsx"),
    ]),
    route("admins", "routes/admin/admins/list.tsx", [
      route("new", "routes/admin/admins/new.tsx"),
      route(":adminId/edit", "routes/admin/admins/edit.tsx"),
    ]),
    route("account", "routes/admin/account.tsx"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
