import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // Cross-cutting request work (the admin guard, the toast scope) runs as route middleware.
  future: { v8_middleware: true },
} satisfies Config;
