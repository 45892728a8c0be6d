import { useEffect, useRef, useState } from "react";
import { useFetchers, useLocation, useNavigation, useRevalidator } from "react-router";

import { LIVE_CHAT_ADMIN_TEXT } from "~/copy/live-chat";

// The admin's live side of the chat (docs/product.md §12.2), on every admin screen: one stream
// (/admin/chats/stream) says when a conversation changes and how many wait for staff. The Chats
// screen then reads its data again, any screen when the number waiting changed (the sidebar's);
// every screen's title starts with that number and the tab's icon carries a dot. The open stream
// also tells the site a staff member has the admin open.

const STREAM_URL = "/admin/chats/stream";
const CHATS_PATH = /^\/admin\/chats(?:$|\/)/;
/** A burst of messages reads the Chats screen again once, not once per message. */
const REVALIDATE_AFTER_MS = 300;
const WAITING_PREFIX = /^\(\d+\) /;
/** The badged icon's size and dot: a 32 px tab icon, the dot in its top right corner. */
const ICON_PX = 32;
const DOT = { x: 23, y: 9, radius: 8, fill: "#dc2626", ring: "#ffffff" };

export function LiveChats() {
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const [waiting, setWaiting] = useState(0);
  // Read by the stream's listener, which outlives renders.
  const onChats = useRef(false);
  const stale = useRef(false);
  const readIfIdle = useRef(() => {});
  // A revalidation started while a page or a form's answer loads would cancel that load, and a
  // form's toast, already taken from its cookie by the cancelled request, would never show: the
  // screen reads its data again once nothing loads (each render checks; loads end in one).
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const loading =
    navigation.state !== "idle" || revalidator.state !== "idle" || fetchers.some((fetcher) => fetcher.state !== "idle");
  useEffect(() => {
    onChats.current = CHATS_PATH.test(pathname);
    readIfIdle.current = () => {
      if (!stale.current || loading) return;
      stale.current = false;
      void revalidator.revalidate();
    };
    readIfIdle.current();
  });

  useEffect(() => {
    const source = new EventSource(STREAM_URL);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let known: number | undefined;
    const readAgain = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        stale.current = true;
        readIfIdle.current();
      }, REVALIDATE_AFTER_MS);
    };
    source.addEventListener("change", () => {
      if (onChats.current) readAgain();
    });
    source.addEventListener("waiting", (event) => {
      const count = JSON.parse(event.data) as number;
      // The sidebar's count comes with the screen's data: read again when it changed since.
      if (known !== undefined && count !== known) readAgain();
      known = count;
      setWaiting(count);
    });
    // A stream the server ended (shutdown, lost notifications) comes back when the browser reconnects.
    return () => {
      clearTimeout(timer);
      source.close();
    };
  }, []);

  // After each render: a navigation's <title> comes without the count.
  useEffect(() => {
    const title = document.title.replace(WAITING_PREFIX, "");
    document.title = waiting > 0 ? LIVE_CHAT_ADMIN_TEXT.waitingTitle(waiting, title) : title;
  });
  useFaviconBadge(waiting > 0);
  return null;
}

/** While `on`, the tab's icons show the site's icon with a dot; the plain ones come back after. */
function useFaviconBadge(on: boolean) {
  useEffect(() => {
    if (!on) return;
    const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel~="icon"]')];
    const plain = links.map((link) => link.getAttribute("href"));
    let done = false;
    void badgedIcon(links[0]?.href).then((url) => {
      if (!done) for (const link of links) link.href = url;
    });
    return () => {
      done = true;
      links.forEach((link, i) => link.setAttribute("href", plain[i] ?? ""));
    };
  }, [on]);
}

/** The icon at `href` with a dot, as a PNG data URL; the dot alone when the icon cannot be read. */
async function badgedIcon(href: string | undefined): Promise<string> {
  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = ICON_PX;
  const context = canvas.getContext("2d")!;
  if (href) {
    const image = new Image();
    // An icon on another origin without CORS would taint the canvas: it fails to load instead.
    image.crossOrigin = "anonymous";
    image.src = href;
    try {
      await image.decode();
      context.drawImage(image, 0, 0, ICON_PX, ICON_PX);
    } catch {
      // The dot alone still says a conversation waits.
    }
  }
  context.beginPath();
  context.arc(DOT.x, DOT.y, DOT.radius, 0, 2 * Math.PI);
  context.fillStyle = DOT.fill;
  context.fill();
  context.lineWidth = 2;
  context.strokeStyle = DOT.ring;
  context.stroke();
  return canvas.toDataURL("image/png");
}
