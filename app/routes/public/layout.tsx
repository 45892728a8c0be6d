import { Outlet } from "react-router";
import { ChatWidget } from "~/components/chat/chat-widget";

// Everything visitors see around a public page: header, footer, floating messaging buttons,
// chat widget, voice-agent embed.
export default function PublicLayout() {
  return (
    <>
      <Outlet />
      <ChatWidget />
    </>
  );
}
