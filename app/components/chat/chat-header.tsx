import type { DialogTitle } from "@radix-ui/react-dialog";

import { useSiteSettings } from "~/components/site/use-site-settings";
import { WhatsAppIcon } from "~/components/ui/brand-icons";
import { cn } from "~/components/ui/cn";
import { Icon } from "~/components/ui/icon";
import { CHAT_TEXT, chatExpertLabel } from "~/copy/chat";
import { whatsappUrl } from "~/lib/messaging";

// The chat's header, the same on the widget's panel and on the /chat page: avatar, title, the
// "Online • <tool> Expert" line (docs/product.md §2) and the WhatsApp link.

const LOOK = {
  panel: { header: "py-3", title: "font-semibold leading-tight" },
  page: { header: "py-4", title: "text-lg font-semibold leading-tight" },
} as const;

export function ChatHeader({
  look,
  title: Title,
  titleId,
  status,
  children,
}: {
  look: keyof typeof LOOK;
  /** The panel's title is its dialog's (Radix names the dialog after it); the page's is its h1. */
  title: "h1" | typeof DialogTitle;
  titleId?: string;
  /** Who answers, when not the assistant (docs/product.md §12.2): in place of the "Online" line. */
  status?: string;
  /** Buttons after the WhatsApp link (the panel's close button). */
  children?: React.ReactNode;
}) {
  const { tool, whatsapp } = useChatSettings();
  return (
    <header className={cn("flex items-center gap-3 bg-brand px-4 text-white", LOOK[look].header)}>
      <span aria-hidden className="flex size-9 items-center justify-center rounded-full bg-white/20">
        <Icon name="bot" className="size-5" />
      </span>
      <div className="min-w-0 flex-1">
        {/* No id at all for the dialog's title: Radix gives it the one the dialog is labelled by. */}
        <Title {...(titleId ? { id: titleId } : {})} className={LOOK[look].title}>
          {CHAT_TEXT.title}
        </Title>
        <p className="flex items-center gap-1.5 text-xs text-white/90" data-chat-status>
          <span aria-hidden className="size-2 rounded-full bg-emerald-400" />
          {status ?? (
            <>
              {CHAT_TEXT.online} <span aria-hidden>•</span> {chatExpertLabel(tool)}
            </>
          )}
        </p>
      </div>
      {whatsapp && look === "panel" ? (
        <WhatsAppLink
          href={whatsapp}
          title={CHAT_TEXT.continueOnWhatsapp}
          aria-label={CHAT_TEXT.continueOnWhatsapp}
          className="rounded-md p-2 hover:bg-white/15"
        >
          <WhatsAppIcon className="size-5" />
        </WhatsAppLink>
      ) : null}
      {whatsapp && look === "page" ? (
        // From sm up the link shows its label; below, the icon alone, named by the hidden label.
        <WhatsAppLink
          href={whatsapp}
          title={CHAT_TEXT.continueOnWhatsapp}
          className="flex shrink-0 items-center gap-2 rounded-md p-2 text-sm font-medium ring-1 ring-white/50 hover:bg-white/15 sm:px-3 sm:py-1.5"
        >
          <WhatsAppIcon className="size-5 sm:size-4" />
          <span className="sr-only sm:not-sr-only">{CHAT_TEXT.continueOnWhatsapp}</span>
        </WhatsAppLink>
      ) : null}
      {children}
    </header>
  );
}

/** The WhatsApp chat opens in a new tab, leaving the site where it was. */
export function WhatsAppLink(props: React.ComponentProps<"a"> & { href: string }) {
  return <a target="_blank" rel="noopener noreferrer" {...props} />;
}

/**
 * The workflow tool's name, the WhatsApp address (null without a number) and the admin's starter
 * prompts, from the site settings.
 */
export function useChatSettings(): { tool: string; whatsapp: string | null; starterPrompts: string[] } {
  const { workflowToolName, whatsappNumber, chatStarterPrompts } = useSiteSettings();
  return {
    tool: workflowToolName,
    whatsapp: whatsappUrl(whatsappNumber, workflowToolName),
    starterPrompts: chatStarterPrompts,
  };
}
