import { log } from "~/lib/log.server";
import { getAdmin } from "~/middleware/admin-guard.server";
import { markStaffPresent } from "~/models/chat-handoff.server";
import { staffStream } from "~/services/chat/live.server";

import type { Route } from "./+types/chats-stream";

// The Chats screen's live side (app/components/admin/live-chats.tsx): a `change` event whenever a
// conversation changes, and with each heartbeat the staff member counts as present.
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  return staffStream({
    signal: request.signal,
    onBeat: () => {
      markStaffPresent(admin.id).catch((error: unknown) => log.warn("live chat: staff presence not kept", { error }));
    },
  });
}
