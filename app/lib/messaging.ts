import { MESSAGING } from "~/copy/site";

// Links to the messaging apps, built the same way by the floating buttons, the hero and the chat.

export function whatsappMessage(workflowToolName: string): string {
  return MESSAGING.whatsappMessage(workflowToolName);
}

/** wa.me link with the number's digits and the spec's prefilled text; null without a number. */
export function whatsappUrl(whatsappNumber: string | null | undefined, workflowToolName: string): string | null {
  const digits = (whatsappNumber ?? "").replace(/\D/g, "");
  if (!digits) return null;
  return `https://wa.me/${digits}?text=${encodeURIComponent(whatsappMessage(workflowToolName))}`;
}

/** The Messenger link from settings, only when it is an http(s) address. */
export function messengerUrl(messengerLink: string | null | undefined): string | null {
  if (!messengerLink) return null;
  try {
    const url = new URL(messengerLink);
    return url.protocol === "https:" || url.protocol === "http:" ? url.toString() : null;
  } catch {
    return null;
  }
}
