import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("services", "routes/public/services.tsx"),
    route("work", "routes/public/work.tsx"),
    route("work/:slug", "routes/public/case-study.tsx"),
    route("order", "routes/public/order.tsx"),
    route("order/submitted", "routes/public/order-submitted.tsx"),
    route("order/status/:token", "routes/public/order-status.tsx"),
    route("chat", "routes/public/chat.tsx"),
    route("chat/email", "routes/public/chat-email.tsx"),
    route("privacy", "routes/public/privacy.tsx"),
    route("terms", "routes/public/terms.tsx"),
    // Unknown paths: a 404 inside the public layout, so it has the site's header and footer.
    route("*", "routes/not-found.tsx"),
  ]),
  // The widget's conversation: resource routes, outside the page layout.
  route("chat/messages", "routes/public/chat-messages.ts"),
  route("chat/new", "routes/public/chat-new.ts"),
  route("chat/handoff", "routes/public/chat-handoff.ts"),
  route("chat/stream", "routes/public/chat-stream.ts"),
  route("uploads/:name", "routes/uploads.ts"),
  route("images/:id/:file", "routes/images.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
  // The payment providers' webhooks: resource routes, posted JSON (server/app.ts lets it through).
  route("webhooks/stripe", "routes/webhooks/stripe.ts"),
  route("webhooks/paypal", "routes/webhooks/paypal.ts"),
  // Cal.com's booking webhook, the same way (app/services/bookings.server.ts).
  route("webhooks/cal", "routes/webhooks/cal.ts"),
  // Where PayPal sends the client back after approving: the capture, then the status page.
  route("order/status/:token/paypal-return", "routes/public/order-paypal-return.ts"),

  // Admin panel: signing in and out outside it; everything else under the layout, whose middleware
  // guards every loader and action (tests/integration/admin-route-table.test.ts walks this table).
  route("admin/login", "routes/admin/login.tsx"),
  route("admin/logout", "routes/admin/logout.tsx"),
  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx"),
    route("services", "routes/admin/services/list.tsx", [
      route("new", "routes/admin/services/new.tsx"),
      route(":serviceId/edit", "routes/admin/services/edit.tsx"),
    ]),
    route("case-studies", "routes/admin/case-studies/list.tsx", [
      route("new", "routes/admin/case-studies/new.tsx"),
      route(":caseStudyId/edit", "routes/admin/case-studies/edit.tsx"),
    ]),
    route("testimonials", "routes/admin/testimonials/list.tsx", [
      route("new", "routes/admin/testimonials/new.tsx"),
      route(":testimonialId/edit", "routes/admin/testimonials/edit.tsx"),
      route("logos/new", "routes/admin/testimonials/logo-new.tsx"),
      route("logos/:logoId/edit", "routes/admin/testimonials/logo-edit.tsx"),
    ]),
    route("orders", "routes/admin/orders.tsx"),
    // A resource route: only its own loader runs, after the layout's middleware.
    route("orders/export.csv", "routes/admin/orders-export.ts"),
    route("messages", "routes/admin/messages.tsx"),
    route("chats", "routes/admin/chats.tsx"),
    route("insights", "routes/admin/insights.tsx"),
    route("insights/export.csv", "routes/admin/insights-export.ts"),
    route("chats/stream", "routes/admin/chats-stream.ts"),
    route("settings", "routes/admin/settings.tsx"),
    route("content", "routes/admin/content.tsx"),
    route("legal", "routes/admin/legal.tsx"),
    route("founder", "routes/admin/founder.tsx"),
    route("integrations", "routes/admin/integrations.tsx"),
    route("webhooks", "routes/admin/webhooks/list.tsx", [
      route("new", "routes/admin/webhooks/new.tsx"),
      route(":webhookId/edit", "routes/admin/webhooks/edit.tsx"),
      // The event webhooks: their forms open over the same screen.
      route("events/new", "routes/admin/webhooks/event-new.tsx"),
      route("events/:eventWebhookId/edit", "routes/admin/webhooks/event-edit.tsx"),
    ]),
    route("webhooks/events/:eventWebhookId/log", "routes/admin/webhooks/event-log.tsx"),
    route("webhooks/deliveries", "routes/admin/webhooks/deliveries.tsx"),
    route("admins", "routes/admin/admins/list.tsx", [
      route("new", "routes/admin/admins/new.tsx"),
      route(":adminId/edit", "routes/admin/admins/edit.tsx"),
    ]),
    route("activity", "routes/admin/activity.tsx"),
    route("personal-data", "routes/admin/personal-data.tsx"),
    route("personal-data/export.json", "routes/admin/personal-data-export.ts"),
    route("account", "routes/admin/account.tsx"),
  ]),
] satisfies RouteConfig;
