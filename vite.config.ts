import path from "node:path";

import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";

// npm run test:coverage also counts what the browser runs: only then is the client bundle built
// unminified (so its statements and branches are the ones the server bundle's conversion finds)
// with source maps that no script points at. The production build publishes no source maps.
const clientCoverage = process.env.CLIENT_COVERAGE_BUILD === "1";

// React and React Router, which every page needs and which change only on an upgrade, in one file:
// split, they came as two files and a few tiny ones that compressed 2 kB worse. Other groupings
// were measured and dropped: one file of all icons, or of all shared app code, made the pages that
// need few of them heavier than the requests they saved.
const FRAMEWORK = /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;

// The development server serves files under the project root: never the data directory (session
// secret, secrets key, database files), the test scratch space or an env file. Vite's own list is
// kept (setting `deny` replaces it); a pattern with a "/" is matched against the absolute path.
const DENIED_FILES = [
  ".env",
  ".env.*",
  "*.{crt,pem}",
  "**/.git/**",
  `${path.resolve(process.env.DATA_DIR ?? "data")}/**`,
  `${path.resolve("data")}/**`,
  `${path.resolve(".tmp")}/**`,
];

const PGLITE_WORKER_ENTRY = "pglite-worker";

/**
 * React Router names every entry of the server build as its own (index.js); each keeps its name
 * instead: npm start runs main.js, and app/db/pglite-thread.server.ts finds the database's thread by it.
 */
const serverEntryFileNames: Plugin = {
  name: "server-entry-file-names",
  apply: "build",
  configEnvironment: (name) =>
    name === "ssr"
      ? {
          build: {
            rollupOptions: {
              output: {
                entryFileNames: "[name].js",
              },
            },
          },
        }
      : undefined,
};

export default defineConfig(({ isSsrBuild }) => ({
  // The SSR bundle's entries: the process (server/main.ts), the Express app it imports, and the
  // embedded database's thread (app/db/pglite-thread.server.ts finds it beside them).
  // Its source map lets the coverage of the built server (npm run test:coverage) count against app/.
  build: isSsrBuild
    ? {
        sourcemap: true,
        rollupOptions: {
          input: {
            main: "./server/main.ts",
            index: "./server/app.ts",
            [PGLITE_WORKER_ENTRY]: "./app/db/pglite-worker.server.ts",
          },
        },
      }
    : {
        ...(clientCoverage ? { sourcemap: "hidden" as const, minify: false } : {}),
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: "framework", test: FRAMEWORK }] } } },
      },
  resolve: { tsconfigPaths: true },
  server: { fs: { deny: DENIED_FILES } },
  // Bundled into the server build, lucide-react keeps only the icons we use: loaded whole from
  // node_modules it cost ~16 MB of resident memory at peak.
  ssr: { noExternal: ["lucide-react"] },
  plugins: [tailwindcss(), reactRouter(), serverEntryFileNames],
}));
