import { useEffect, useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";

import { LIVE_CHAT_ADMIN_TEXT } from "~/copy/live-chat";

// The admin's live side of the chat (docs/product.md §12.2), on every admin screen: one stream
// (/admin/chats/stream) says when a conversation changes and how many wait for staff. The Chats
// screen then reads its data again, any screen when the number waiting changed (the sidebar's);
// every screen's title starts with that number. The open stream also tells the site a staff member
// has the admin open.

const STREAM_URL = "/admin/chats/stream";
const CHATS_PATH = /^\/admin\/chats(?:$|\/)/;
/** A burst of messages reads the Chats screen again once, not once per message. */
const REVALIDATE_AFTER_MS = 300;
const WAITING_PREFIX = /^\(\d+\) /;

export function LiveChats() {
  const { pathname } = useLocation();
  const revalidator = useRevalidator();
  const [waiting, setWaiting] = useState(0);
  // Read by the stream's listener, which outlives renders.
  const onChats = useRef(false);
  const revalidate = useRef(revalidator.revalidate);
  useEffect(() => {
    onChats.current = CHATS_PATH.test(pathname);
    revalidate.current = revalidator.revalidate;
  });

  useEffect(() => {
    const source = new EventSource(STREAM_URL);
    let timer: ReturnType<typeof setTimeout> | undefined;
    let known: number | undefined;
    const readAgain = () => {
      timer ??= setTimeout(() => {
        timer = undefined;
        void revalidate.current();
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
  return null;
}
