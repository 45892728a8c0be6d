import { MESSAGING } from "~/copy/site";
import { MessagingIcon, useMessagingLinks, type MessagingApp } from "./messaging-links";

const ROUND =
  "grid size-12 place-items-center rounded-full text-white shadow-lg ring-4 ring-white/60 transition hover:scale-105 focus-visible:scale-105";

const BRAND_COLOURS: Record<MessagingApp, string> = { whatsapp: "bg-[#1f9e4f]", messenger: "bg-[#0866ff]" };

/**
 * The spec's two round buttons: plain links built on the server, opening in a new tab. They stack
 * above the chat trigger in the bottom-right corner, leaving the reading side of the page free.
 */
export function FloatingMessagingButtons() {
  const links = useMessagingLinks();
  if (!links.length) return null;
  return (
    <div className="fixed bottom-[5.5rem] right-6 z-40 flex flex-col gap-3">
      {links.map(({ app, href }) => (
        <a
          key={app}
          href={href}
          target="_blank"
          rel="noopener"
          aria-label={MESSAGING[app]}
          title={MESSAGING[app]}
          className={`${ROUND} ${BRAND_COLOURS[app]}`}
        >
          <MessagingIcon app={app} className="size-6" />
        </a>
      ))}
    </div>
  );
}
