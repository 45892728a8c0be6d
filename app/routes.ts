import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [
    index("routes/public/home.tsx"),
    route("services", "routes/public/services.tsx"),
    route("order", "routes/public/order.tsx"),
    route("order/submitted", "routes/public/order-submitted.tsx"),
    route("chat", "routes/public/chat.tsx"),
    // Unknown paths: a 404 inside the public layout, so it has the site's header and footer.
    route("*", "routes/not-found.tsx"),
  ]),
  route("uploads/:name", "routes/uploads.ts"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),
] satisfies RouteConfig;
