import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entry is our Express app, so server.js imports one module in production. Its
  // source map lets the coverage of the built server (npm run test:coverage) count against app/.
  build: isSsrBuild ? { sourcemap: true, rollupOptions: { input: "./server/app.ts" } } : undefined,
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
