import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "postgresql",
  schema: "./app/db/schema.ts",
  out: "./supabase/migrations",
  // Supabase CLI file names (<timestamp>_<name>.sql), so `supabase db push` accepts them.
  migrations: { prefix: "supabase" },
});
