import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/lib/schema.ts",
  out: "./supabase/migrations",
  // Supabase CLI file names (<timestamp>_<name>.sql), so `supabase db push` accepts them.
  migrations: { prefix: "supabase" },
});
