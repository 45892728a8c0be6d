import { formatDateTime } from "~/components/admin/format";
import { Card, EmptyState, PageHeader } from "~/components/admin/page-header";
import { Pager } from "~/components/admin/pager";
import { adminTitle, AUDIT_TEXTS } from "~/copy/admin";
import { readPageRequest } from "~/lib/keyset";
import { listAuditPage } from "~/models/audit-log.server";

import type { Route } from "./+types/activity";

export async function loader({ request }: Route.LoaderArgs) {
  const { rows: entries, ...page } = await listAuditPage(readPageRequest(new URL(request.url).searchParams));
  return { entries, page };
}

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { entries, page } = loaderData;
  return (
    <>
      <PageHeader title={AUDIT_TEXTS.heading} description={AUDIT_TEXTS.description} />
      {entries.length === 0 ? (
        <EmptyState title={AUDIT_TEXTS.empty} />
      ) : (
        <Card>
          <ul aria-label={AUDIT_TEXTS.listLabel} className="divide-y divide-slate-100">
            {entries.map((entry) => (
              <li key={entry.id} className="flex flex-col gap-0.5 py-2.5 sm:flex-row sm:items-baseline sm:gap-4">
                <time
                  dateTime={new Date(entry.createdAt).toISOString()}
                  className="shrink-0 text-xs text-slate-500 sm:w-44"
                >
                  {formatDateTime(entry.createdAt)}
                </time>
                <p className="min-w-0 text-sm text-slate-800">
                  <span className="font-medium">{entry.actorUsername}</span> {AUDIT_TEXTS.describe(entry)}
                </p>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <Pager page={page} />
    </>
  );
}

export function meta() {
  return [{ title: adminTitle(AUDIT_TEXTS.heading) }];
}
