import { COMMON_TEXTS } from "~/copy/admin";
import { PersonalDataEmailSchema } from "~/lib/personal-data";
import { requireSuperAdmin } from "~/middleware/admin-guard.server";
import { findPersonalData } from "~/models/personal-data.server";
import { personalDataExport } from "~/services/personal-data.server";

import type { Route } from "./+types/personal-data-export";

// The Personal Data screen's "Download JSON": everything stored about one address, as a file to
// hand to the person who asked. Never kept by a cache on the way.
export async function loader({ request, context }: Route.LoaderArgs) {
  requireSuperAdmin(context);
  const parsed = PersonalDataEmailSchema.safeParse(new URL(request.url).searchParams.get("email"));
  if (!parsed.success) {
    return new Response(COMMON_TEXTS.exportRefused(parsed.error.issues[0].message), {
      status: 400,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const exportedAt = new Date();
  const body = personalDataExport(parsed.data, await findPersonalData(parsed.data), exportedAt);
  return new Response(JSON.stringify(body, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="personal-data-${exportedAt.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}
