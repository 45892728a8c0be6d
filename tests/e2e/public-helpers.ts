import type postgres from "postgres";
import { unique } from "./fixtures";

// Data the public specs arrange for themselves: uniquely named, so tests running in parallel
// (and other suites sharing the database) never see each other's rows.

export interface TestService {
  id: string;
  name: string;
  description: string;
  category: string;
  setup_price: string;
  monthly_price: string;
}

export async function createService(
  sql: postgres.Sql,
  overrides: Partial<{
    name: string;
    description: string;
    category: string;
    setupPrice: number;
    monthlyPrice: number;
    featured: boolean;
    isActive: boolean;
  }> = {},
): Promise<TestService> {
  const name = overrides.name ?? unique("E2E Service");
  const [row] = await sql<TestService[]>`
    insert into services (name, description, category, setup_price, monthly_price, featured, is_active)
    values (
      ${name},
      ${overrides.description ?? `Automates ${name} end to end.`},
      ${overrides.category ?? "ai-automation"},
      ${overrides.setupPrice ?? 149},
      ${overrides.monthlyPrice ?? 29},
      ${overrides.featured ?? false},
      ${overrides.isActive ?? true}
    )
    returning id, name, description, category, setup_price, monthly_price`;
  return row;
}

/** A category no other test uses, e.g. "e2e-k3x9a1" (shown as "E2e K3x9a1"). */
export function uniqueCategory(): string {
  return `e2e-${unique("").trim().replace(/\s+/g, "").toLowerCase()}`;
}

/** How the site names a category from uniqueCategory: dashes as spaces, each word capitalised. */
export function categoryShownAs(category: string): string {
  const suffix = category.replace(/^e2e-/, "");
  return `E2e ${suffix.charAt(0).toUpperCase()}${suffix.slice(1)}`;
}
