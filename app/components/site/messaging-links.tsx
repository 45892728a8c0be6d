import { Icon } from "~/components/ui/icon";
import { messengerUrl, whatsappUrl } from "~/lib/messaging";

import { useSiteSettings } from "./use-site-settings";

export type MessagingApp = "whatsapp" | "messenger";

/** The messaging apps the settings give an address for, WhatsApp first (the hero's and the floating buttons). */
export function useMessagingLinks(): Array<{ app: MessagingApp; href: string }> {
  const settings = useSiteSettings();
  const links = [
    { app: "whatsapp" as const, href: whatsappUrl(settings.whatsappNumber, settings.workflowToolName) },
    { app: "messenger" as const, href: messengerUrl(settings.messengerLink) },
  ];
  return links.flatMap(({ app, href }) => (href ? [{ app, href }] : []));
}

export function MessagingIcon({ app, className }: { app: MessagingApp; className: string }) {
  return <Icon name={app === "whatsapp" ? "whatsapp" : "messages-square"} className={className} />;
}
