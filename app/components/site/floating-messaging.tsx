import { useEffect, useRef } from "react";

import { Icon } from "~/components/ui/icon";
import { FLOATING_CONTACT, MESSAGING } from "~/copy/site";

import { type MessagingApp, MessagingIcon, useMessagingLinks } from "./messaging-links";

const ROUND =
  "grid size-12 place-items-center rounded-full text-white shadow-lg ring-4 ring-white/60 transition hover:scale-105 focus-visible:scale-105";

const BRAND_COLOURS: Record<MessagingApp, string> = { whatsapp: "bg-[#1f9e4f]", messenger: "bg-[#0866ff]" };

/**
 * The spec's two round buttons: plain links built on the server, opening in a new tab. They stack
 * above the chat trigger in the bottom-right corner only from `2xl`, where the page's side margin
 * holds them. On narrower screens that column of three stood over the forms, the hero's buttons
 * and the prices, so there the two links fold into one round button that discloses
 * them, beside the chat trigger: the chat, the site's main way in, stays one click at every width.
 */
export function FloatingMessagingButtons() {
  const links = useMessagingLinks();
  if (!links.length) return null;
  return (
    <>
      <div className="fixed bottom-[5.5rem] right-5 z-40 hidden flex-col items-center gap-3 2xl:flex">
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
      <ContactDisclosure links={links} />
    </>
  );
}

/**
 * A native disclosure: without JavaScript it opens and closes, the keyboard reaches it and screen
 * readers announce it as an expandable button. With JavaScript it also closes the way a menu
 * does: on Escape (focus back on its button) and on a click or focus elsewhere.
 */
function ContactDisclosure({ links }: { links: Array<{ app: MessagingApp; href: string }> }) {
  const disclosure = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    const details = disclosure.current;
    if (!details) return;
    function closeOnEscape(event: KeyboardEvent) {
      if (event.key !== "Escape" || !details?.open) return;
      details.open = false;
      details.querySelector("summary")?.focus();
    }
    function closeOutside(event: Event) {
      if (details?.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    }
    details.addEventListener("keydown", closeOnEscape);
    document.addEventListener("pointerdown", closeOutside);
    document.addEventListener("focusin", closeOutside);
    return () => {
      details.removeEventListener("keydown", closeOnEscape);
      document.removeEventListener("pointerdown", closeOutside);
      document.removeEventListener("focusin", closeOutside);
    };
  }, []);

  return (
    // Left of the chat trigger (chat-widget.tsx: right-5, size-14), in the same row at the bottom.
    <details ref={disclosure} className="group fixed bottom-6 right-[5.25rem] z-40 2xl:hidden">
      <summary
        title={FLOATING_CONTACT.toggle}
        className="flex size-12 cursor-pointer list-none items-center justify-center rounded-full bg-slate-800 text-white shadow-lg ring-4 ring-white/60 transition hover:brightness-110 [&::-webkit-details-marker]:hidden"
      >
        <Icon name="messages-square" className="size-5 group-open:hidden" />
        <Icon name="x" className="hidden size-5 group-open:block" />
        <span className="sr-only">{FLOATING_CONTACT.toggle}</span>
      </summary>
      <ul className="absolute bottom-full right-0 mb-3 flex flex-col items-end gap-3">
        {links.map(({ app, href }) => (
          <li key={app}>
            <a href={href} target="_blank" rel="noopener" className={CHOICE}>
              {MESSAGING[app]}
              <span className={`grid size-9 place-items-center rounded-full text-white ${BRAND_COLOURS[app]}`}>
                <MessagingIcon app={app} className="size-5" />
              </span>
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}

const CHOICE =
  "flex items-center gap-3 whitespace-nowrap rounded-full bg-white py-1.5 pl-4 pr-1.5 text-sm font-medium text-slate-800 shadow-lg ring-1 ring-slate-200 hover:bg-slate-50";
