import { index, layout, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  layout("routes/public/layout.tsx", [index("routes/public/home.tsx"), route("chat", "routes/public/chat.tsx")]),
  route("uploads/:name", "routes/uploads.ts"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
