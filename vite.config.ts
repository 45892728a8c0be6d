import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

// npm run test:coverage also counts what the browser runs: only then is the client bundle built
// unminified (so its statements and branches are the ones the server bundle's conversion finds)
// with source maps that no script points at. The production build publishes no source maps.
const clientCoverage = process.env.CLIENT_COVERAGE_BUILD === "1";

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entry is our Express app, so server.js imports one module in production. Its
  // source map lets the coverage of the built server (npm run test:coverage) count against app/.
  build: isSsrBuild
    ? { sourcemap: true, rollupOptions: { input: "./server/app.ts" } }
    : clientCoverage
      ? { sourcemap: "hidden", minify: false }
      : undefined,
  resolve: { tsconfigPaths: true },
  plugins: [tailwindcss(), reactRouter()],
}));
