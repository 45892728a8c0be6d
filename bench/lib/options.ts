import { parseArgs } from "node:util";

import { z } from "zod";

export const SECTIONS = ["pages", "visits", "order", "chat", "refusals", "js", "lighthouse"] as const;
export type Section = (typeof SECTIONS)[number];

export const USAGE = `Usage: npm run bench [-- options]   (after npm run build)

  --seconds N       length of each load run (default 5)
  --rounds N        app/bare-Node rounds per page, interleaved (default 3)
  --connections N   concurrent connections of the load (default 50)
  --only LIST       sections to run, comma-separated: ${SECTIONS.join(", ")} (default all)
  --db LIST         databases: embedded, postgres (default embedded, plus postgres when DATABASE_URL is set)
  --scale           instead of the sections: the admin at scale (seeds 1k and 1M orders, chat messages and
                    contact messages, then times every admin page and the CSV export, plain and brotli;
                    docs/performance.md, "Admin at scale")
  --sizes LIST      with --scale: small (1k orders), large (1M orders) (default both)
  --requests N      with --scale: sequential requests per page (default 20)
  --export-only     with --scale: only the CSV exports, none of the admin pages
  --app DIR         with --scale: run the production build (and npm start's flags) of another checkout,
                    e.g. a worktree of an earlier commit, to compare it side by side with the same bench
  --keep            with --scale: keep each seeded database (bench/.scale/ for the embedded one, a database
                    named agency_bench_scale_<size> on DATABASE_URL's server) and reuse it on the next --keep run
  --live           instead of the sections: the live chat on PostgreSQL (DATABASE_URL, else a server the bench
                    starts): a staff reply on one instance to a visitor's stream on another (p95), then 1,000
                    visitor streams open on one instance, its memory and public pages' req/s with and without them
  --help

Environment: DATABASE_URL (also measure on Postgres: the bench creates and drops its own database
there), CHROMIUM_PATH (default /usr/bin/chromium), LIGHTHOUSE_CLI (path to lighthouse/cli/index.js).
Memory is read on every database run. Results go to bench/results/<time>.json.`;

const positiveInt = z.coerce.number().int().positive();
const list = <T extends string>(values: readonly [T, ...T[]]) =>
  z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values)).min(1));

const OptionsSchema = z.object({
  seconds: positiveInt.default(5),
  rounds: positiveInt.default(3),
  connections: positiveInt.default(50),
  only: list(SECTIONS).optional(),
  db: list(["embedded", "postgres"] as const).optional(),
  scale: z.boolean().default(false),
  sizes: list(["small", "large"] as const).optional(),
  requests: positiveInt.default(20),
  exportOnly: z.boolean().default(false),
  app: z.string().min(1).optional(),
  keep: z.boolean().default(false),
  live: z.boolean().default(false),
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "DATABASE_URL must be a postgres:// URL")
    .optional(),
});

export type BenchOptions = Omit<z.output<typeof OptionsSchema>, "only" | "db" | "sizes"> & {
  sections: Set<Section>;
  databases: Array<"embedded" | "postgres">;
  sizes: Array<"small" | "large">;
};

/** The command line and DATABASE_URL, validated; null after --help. */
export function readOptions(argv = process.argv.slice(2), env = process.env): BenchOptions | null {
  const { values } = parseArgs({
    args: argv,
    options: {
      seconds: { type: "string" },
      rounds: { type: "string" },
      connections: { type: "string" },
      only: { type: "string" },
      db: { type: "string" },
      scale: { type: "boolean" },
      sizes: { type: "string" },
      requests: { type: "string" },
      "export-only": { type: "boolean" },
      app: { type: "string" },
      keep: { type: "boolean" },
      live: { type: "boolean" },
      help: { type: "boolean" },
    },
  });
  if (values.help) return null;
  const { "export-only": exportOnly, ...named } = values;
  const parsed = OptionsSchema.safeParse({ ...named, exportOnly, databaseUrl: env.DATABASE_URL || undefined });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const option = issue.path[0] === "databaseUrl" ? "DATABASE_URL" : `--${String(issue.path[0])}`;
    throw new Error(`${option}: ${issue.message}\n\n${USAGE}`);
  }
  const { only, db, sizes, ...rest } = parsed.data;
  const databases = db ?? (rest.databaseUrl ? ["embedded", "postgres"] : ["embedded"]);
  if (databases.includes("postgres") && !rest.databaseUrl) {
    throw new Error("--db postgres needs DATABASE_URL (a server where the bench may create a database).");
  }
  return { ...rest, sections: new Set(only ?? SECTIONS), databases, sizes: sizes ?? ["small", "large"] };
}
