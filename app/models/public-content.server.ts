import { eq } from "drizzle-orm";

import { db, getDatabase } from "~/db/client.server";
import { publicContentVersion } from "~/db/schema";

// Written by the database itself: see supabase/migrations/*_public_content_version.sql.
const CHANNEL = "public_content_changed";

export async function readPublicContentVersion(): Promise<number> {
  const [row] = await db()
    .select({ version: publicContentVersion.version })
    .from(publicContentVersion)
    .where(eq(publicContentVersion.id, 1));
  return row?.version ?? 0;
}

/**
 * Calls onChange after each committed write to the public content, from any instance; onListen
 * each time the subscription is made or remade after a lost connection. Returns the unsubscribe.
 */
export function listenForPublicContentChanges(
  onChange: () => void,
  onListen: () => void,
): Promise<() => Promise<void>> {
  return getDatabase().listen(CHANNEL, onChange, onListen);
}
