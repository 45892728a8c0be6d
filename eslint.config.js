import js from "@eslint/js";
import reactHooks from "eslint-plugin-react-hooks";
import simpleImportSort from "eslint-plugin-simple-import-sort";
import globals from "globals";
import tseslint from "typescript-eslint";

// The layers of app/, top to bottom (docs/architecture.md). A folder imports from the folders
// below it, never from one above. Across folders imports use `~/`, so the rule can read them.
const LAYERS = [
  { name: "routes", folders: ["root", "entry.server", "routes", "middleware"] },
  { name: "components", folders: ["components"] },
  { name: "services", folders: ["services"] },
  { name: "models", folders: ["models"] },
  { name: "db", folders: ["db"] },
  { name: "lib", folders: ["lib"] },
  { name: "copy", folders: ["copy"] },
];
const ORDER = LAYERS.map((layer) => layer.name).join(" → ");

function layerRules(rank) {
  const above = LAYERS.slice(0, rank);
  return {
    files: LAYERS[rank].folders.map((folder) => `app/${folder}/**`),
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: above.map((layer) => ({
            group: layer.folders.flatMap((folder) => [`~/${folder}`, `~/${folder}/**`]),
            message: `Imports run one way: ${ORDER}.`,
            // A route's loader data type is what it hands down to the components it renders.
            allowTypeImports: layer.name === "routes" && LAYERS[rank].name === "components",
          })),
        },
      ],
    },
  };
}

export default tseslint.config(
  {
    ignores: ["build/", ".react-router/", "node_modules/", "coverage/", ".tmp/", "test-results/", "playwright-report/"],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat["recommended-latest"],
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { "simple-import-sort": simpleImportSort },
    rules: {
      // One order for imports, kept by `npm run format` (eslint --fix).
      "simple-import-sort/imports": "error",
      "simple-import-sort/exports": "error",
      "no-duplicate-imports": ["error", { allowSeparateTypeImports: true }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["app/**"],
    ignores: ["app/**/+types/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { regex: "^\\.\\./(?!\\+types|.*tests/support/)", message: "Import from another folder with `~/`." },
          ],
          paths: [
            {
              name: "lucide-react",
              message: "Draw icons with ~/components/ui/icon (one cached sprite of lucide's drawings).",
            },
          ],
        },
      ],
    },
  },
  {
    // The sprite's test compares each symbol with lucide's own drawing.
    files: ["app/components/ui/icon.test.ts"],
    rules: { "no-restricted-imports": "off" },
  },
  ...LAYERS.slice(1).map((_, index) => layerRules(index + 1)),
  {
    // Playwright fixtures call `use`, which is not React's hook.
    files: ["tests/e2e/**"],
    rules: { "react-hooks/rules-of-hooks": "off", "no-empty-pattern": "off" },
  },
);
