import { redirect } from "react-router";

import { endChatSession } from "~/services/chat/session-cookie.server";

// "New conversation", the widget's button and the /chat page's form alike: the
// visitor's next message starts a new session. The old conversation stays stored for the admin.

export async function action() {
  return redirect("/chat", { headers: { "Set-Cookie": await endChatSession() } });
}
