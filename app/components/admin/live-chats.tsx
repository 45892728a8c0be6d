import { useEffect, useRef, useState } from "react";
import { useLocation, useRevalidator } from "react-router";

import { LIVE_CHAT_ADMIN_TEXT } from "~/copy/live-chat";

// The admin's live side of the chat (docs/product.md §12.2), on every admin screen: one stream
// (/admin/chats/stream) says when a conversation changes and how many wait for staff. The Chats
// screen then reads its data again; every screen's title starts with the number waiting. The
// open stream is also what tells the site a staff member has the admin open.

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
    source.addEventListener("change", () => {
      if (!onChats.current || timer) return;
      timer = setTimeout(() => {
        timer = undefined;
        void revalidate.current();
      }, REVALIDATE_AFTER_MS);
    });
    source.addEventListener("waiting", (event) => setWaiting(JSON.parse(event.data) as number));
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
