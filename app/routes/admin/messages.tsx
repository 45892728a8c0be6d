import { Mail, MailOpen } from "lucide-react";
import { Form } from "react-router";
import { ConfirmDelete } from "~/components/admin/confirm-delete";
import { formatDateTime } from "~/components/admin/format";
import { EmptyState, ListCard, PageHeader } from "~/components/admin/page-header";
import { TOASTS } from "~/copy/admin";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { redirectWithError, redirectWithSuccess } from "~/services/toast.server";
import { deleteContactMessage, listContactMessages, setContactMessageRead } from "~/models/contact-messages.server";
import { errorDescription, readIntent, requireId } from "./+shared/route-helpers.server";
import type { Route } from "./+types/messages";

const MESSAGES_PATH = "/admin/messages";

export async function loader() {
  return { messages: await listContactMessages() };
}

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData();
  const intent = readIntent(formData, ["read", "unread", "delete"]);
  const messageId = requireId(formData.get("messageId"), "message");
  try {
    const done =
      intent === "delete"
        ? await deleteContactMessage(messageId)
        : await setContactMessageRead(messageId, intent === "read");
    if (!done) {
      return redirectWithError(MESSAGES_PATH, {
        message: TOASTS.messageError,
        description: "This message no longer exists.",
      });
    }
  } catch (error) {
    return redirectWithError(MESSAGES_PATH, { message: TOASTS.messageError, description: errorDescription(error) });
  }
  const toast = { read: TOASTS.messageRead, unread: TOASTS.messageUnread, delete: TOASTS.messageDeleted }[intent];
  return redirectWithSuccess(MESSAGES_PATH, toast);
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { messages } = loaderData;
  return (
    <>
      <PageHeader title="Contact Messages" description="Messages sent with the contact form, newest first." />
      {messages.length === 0 ? (
        <EmptyState
          title="No contact messages yet."
          description="Messages sent from the website's contact form appear here."
        />
      ) : (
        <ul className="space-y-3" aria-label="Contact messages">
          {messages.map((message) => (
            <ListCard
              key={message.id}
              label={`Message from ${message.name}`}
              title={message.name}
              highlight={!message.isRead}
              badges={message.isRead ? <Badge>Read</Badge> : <Badge tone="brand">New</Badge>}
              actions={
                <div className="flex shrink-0 items-center gap-1 self-end sm:self-start">
                  <Form method="post" preventScrollReset>
                    <input type="hidden" name="messageId" value={message.id} />
                    <Button
                      type="submit"
                      name="intent"
                      value={message.isRead ? "unread" : "read"}
                      variant="secondary"
                      size="sm"
                    >
                      {message.isRead ? (
                        <Mail aria-hidden className="size-4" />
                      ) : (
                        <MailOpen aria-hidden className="size-4" />
                      )}
                      {message.isRead ? "Mark as unread" : "Mark as read"}
                      <span className="sr-only"> the message from {message.name}</span>
                    </Button>
                  </Form>
                  <ConfirmDelete
                    label={`Delete the message from ${message.name}`}
                    question={`Delete the message from ${message.name}? This cannot be undone.`}
                    fields={{ messageId: message.id }}
                    action={MESSAGES_PATH}
                  />
                </div>
              }
              after={<p className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-800">{message.message}</p>}
            >
              <p className="text-sm text-slate-600">
                <a href={`mailto:${message.email}`} className="text-brand underline underline-offset-2">
                  {message.email}
                </a>{" "}
                · {formatDateTime(message.createdAt)}
              </p>
            </ListCard>
          ))}
        </ul>
      )}
    </>
  );
}

export function meta() {
  return [{ title: "Contact Messages | Admin Panel" }];
}
