import { MessagesSquare } from "lucide-react";
import { WhatsAppIcon } from "~/components/ui/brand-icons";
import { messengerUrl, whatsappUrl } from "~/lib/messaging";
import { useSiteSettings } from "./use-site-settings";

const ROUND =
  "grid size-12 place-items-center rounded-full text-white shadow-lg ring-4 ring-white/60 transition hover:scale-105 focus-visible:scale-105";

/**
 * The spec's two round buttons: plain links built on the server, opening in a new tab. They stack
 * above the chat trigger in the bottom-right corner, leaving the reading side of the page free.
 */
export function FloatingMessagingButtons() {
  const settings = useSiteSettings();
  const whatsapp = whatsappUrl(settings.whatsappNumber, settings.workflowToolName);
  const messenger = messengerUrl(settings.messengerLink);
  if (!whatsapp && !messenger) return null;
  return (
    <div className="fixed bottom-[5.5rem] right-6 z-40 flex flex-col gap-3">
      {whatsapp ? (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener"
          aria-label="Chat with us on WhatsApp"
          title="Chat with us on WhatsApp"
          className={`${ROUND} bg-[#1f9e4f]`}
        >
          <WhatsAppIcon className="size-6" />
        </a>
      ) : null}
      {messenger ? (
        <a
          href={messenger}
          target="_blank"
          rel="noopener"
          aria-label="Message us on Messenger"
          title="Message us on Messenger"
          className={`${ROUND} bg-[#0866ff]`}
        >
          <MessagesSquare aria-hidden className="size-6" />
        </a>
      ) : null}
    </div>
  );
}
