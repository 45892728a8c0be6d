import type { UTM_FIELDS } from "~/lib/chat";
import { getActiveService } from "~/models/services.server";
import type { ChatMetadata } from "~/services/webhooks.server";

// What the webhooks learn of where a chat message was written. The widget sends the
// page and the visit's UTM parameters; the language is the browser's own Accept-Language, which
// also comes without JavaScript. Never the visitor's address (that is the IP setting's alone).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface ChatMetadataFields {
  /** The page's path and query, as the widget saw it; the /chat page's own without JavaScript. */
  page?: string;
  utm?: Partial<Record<(typeof UTM_FIELDS)[number], string>>;
}

export async function chatMetadata(fields: ChatMetadataFields, request: Request): Promise<ChatMetadata> {
  const page = fields.page && pagePath(fields.page);
  const language = request.headers.get("Accept-Language")?.split(",")[0]?.split(";")[0]?.trim();
  const utm = Object.fromEntries(Object.entries(fields.utm ?? {}).filter(([, value]) => value));
  return {
    page: page ?? "/chat",
    ...(page ? await serviceOf(page) : {}),
    ...(Object.keys(utm).length ? { utm } : {}),
    ...(language && language !== "*" ? { language } : {}),
  };
}

/** A path of this site (with its query), or undefined for anything else a client might send. */
function pagePath(page: string): string | undefined {
  if (!page.startsWith("/") || page.startsWith("//")) return undefined;
  const url = new URL(page, "http://site.invalid");
  return url.origin === "http://site.invalid" ? `${url.pathname}${url.search}` : undefined;
}

/** The service the page is about: the one chosen on /order?service=<id>, if it is offered. */
async function serviceOf(page: string): Promise<Pick<ChatMetadata, "service">> {
  const url = new URL(page, "http://site.invalid");
  const id = url.pathname === "/order" ? url.searchParams.get("service") : null;
  if (!id || !UUID.test(id)) return {};
  const service = await getActiveService(id);
  return service ? { service: { id: service.id, name: service.name } } : {};
}
