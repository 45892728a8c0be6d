import { Link } from "react-router";

import { ChatEmailSchema, OfflineEmailForm } from "~/components/chat/offline-email-form";
import { CHAT_OFFLINE, CHAT_TEXT } from "~/copy/chat";
import { getEnv } from "~/lib/env.server";
import { retryAfterHeaders } from "~/lib/retry-after";
import { getChatFirstMessage } from "~/models/chat-sessions.server";
import { createContactMessage } from "~/models/contact-messages.server";
import { chatSettings, conversationLifetimeHours } from "~/services/chat/conversation.server";
import { readChatSession } from "~/services/chat/session-cookie.server";
import { FORM_LIMIT_KEYS, publicFormAction } from "~/services/public-form.server";

import type { Route } from "./+types/chat-email";

// The offline fallback: the address a visitor leaves after a reply no webhook gave goes
// to the contact inbox, linked to the conversation in their chat_session cookie. Rate-limited
// with the contact form, on the same counter: both fill the same inbox. A post without the cookie
// (it expired, or the visitor cleared it) is kept too, unlinked: the address is what the team needs.
// The page shows a post without JavaScript that was refused, with its errors (and, opened by
// itself, the same form).

export async function action(args: Route.ActionArgs) {
  const sessionId = await readChatSession(args.request, conversationLifetimeHours(await chatSettings()));
  return publicFormAction(args, {
    name: "chat email",
    schema: ChatEmailSchema,
    toasts: CHAT_OFFLINE,
    rateLimit: { key: FORM_LIMIT_KEYS.contact, perHour: getEnv().CONTACT_MESSAGES_PER_HOUR },
    async store({ email, note }) {
      const firstMessage = sessionId ? await getChatFirstMessage(sessionId) : null;
      return createContactMessage({
        name: CHAT_OFFLINE.senderName,
        email,
        message: CHAT_OFFLINE.message({ note, firstMessage }),
        chatSessionId: sessionId,
      });
    },
    redirectTo: "/chat#chat-form",
    stored: () => ({ sent: true as const }),
  });
}

export default function ChatEmail({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto w-full max-w-2xl px-3 pb-24 pt-8 sm:px-4 sm:py-12">
      <h1 className="mb-4 text-2xl font-bold text-slate-900">{CHAT_TEXT.title}</h1>
      <OfflineEmailForm lastResult={actionData?.result} />
      <p className="mt-4 text-sm">
        <Link to="/chat" className="font-medium text-brand underline underline-offset-2">
          {CHAT_OFFLINE.backToChat}
        </Link>
      </p>
    </div>
  );
}

export function meta({ matches }: Route.MetaArgs) {
  const settings = matches[0]?.loaderData?.settings;
  const title = settings ? `${CHAT_OFFLINE.pageTitle} | ${settings.companyName}` : CHAT_OFFLINE.pageTitle;
  return [{ title }, { name: "robots", content: "noindex" }];
}

export const headers = retryAfterHeaders;
