import { Form, NavLink, useLocation } from "react-router";

import { cn } from "~/components/ui/cn";
import { Icon, type IconName } from "~/components/ui/icon";
import { SIDEBAR_TEXTS } from "~/copy/admin";
import { HANDOFF_ADMIN_TEXT } from "~/copy/handoff";
import type { AdminRole } from "~/lib/domain";

interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  superAdminOnly?: boolean;
  end?: boolean;
}

// The spec's links, with Messages and Chats (beyond the spec) after Orders.
export const ADMIN_NAV: NavItem[] = [
  { to: "/admin", label: SIDEBAR_TEXTS.nav.dashboard, icon: "layout-dashboard", end: true },
  { to: "/admin/services", label: SIDEBAR_TEXTS.nav.services, icon: "package" },
  { to: "/admin/orders", label: SIDEBAR_TEXTS.nav.orders, icon: "shopping-cart" },
  { to: "/admin/messages", label: SIDEBAR_TEXTS.nav.messages, icon: "mail" },
  { to: "/admin/chats", label: SIDEBAR_TEXTS.nav.chats, icon: "messages-square" },
  { to: "/admin/settings", label: SIDEBAR_TEXTS.nav.settings, icon: "settings" },
  { to: "/admin/content", label: SIDEBAR_TEXTS.nav.content, icon: "file-text" },
  { to: "/admin/legal", label: SIDEBAR_TEXTS.nav.legal, icon: "scale" },
  { to: "/admin/founder", label: SIDEBAR_TEXTS.nav.founder, icon: "user-round" },
  { to: "/admin/integrations", label: SIDEBAR_TEXTS.nav.integrations, icon: "plug", superAdminOnly: true },
  { to: "/admin/webhooks", label: SIDEBAR_TEXTS.nav.webhooks, icon: "webhook" },
  { to: "/admin/admins", label: SIDEBAR_TEXTS.nav.admins, icon: "users", superAdminOnly: true },
  { to: "/admin/activity", label: SIDEBAR_TEXTS.nav.activity, icon: "history" },
  { to: "/admin/personal-data", label: SIDEBAR_TEXTS.nav.personalData, icon: "shield-user", superAdminOnly: true },
];

function NavLinks({
  role,
  unreadMessages,
  waitingChats,
}: {
  role: AdminRole;
  unreadMessages: number;
  waitingChats: number;
}) {
  return (
    <ul className="space-y-1">
      {ADMIN_NAV.filter((item) => role === "super_admin" || !item.superAdminOnly).map((item) => (
        <li key={item.to}>
          <NavLink
            to={item.to}
            end={item.end}
            className={({ isActive }) =>
              cn(
                "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
                isActive ? "bg-brand text-white" : "text-slate-700 hover:bg-slate-100",
              )
            }
          >
            <Icon name={item.icon} className="size-4 shrink-0" />
            <span className="flex-1">{item.label}</span>
            {item.to === "/admin/messages" && unreadMessages > 0 ? (
              <span className="rounded-full bg-red-600 px-1.5 text-xs font-semibold text-white">
                {unreadMessages}
                <span className="sr-only">{SIDEBAR_TEXTS.unread}</span>
              </span>
            ) : null}
            {item.to === "/admin/chats" && waitingChats > 0 ? (
              <span className="rounded-full bg-amber-500 px-1.5 text-xs font-semibold text-white">
                {waitingChats}
                <span className="sr-only"> {HANDOFF_ADMIN_TEXT.waitingCount}</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SidebarBody({ username, role, unreadMessages, waitingChats }: SidebarProps) {
  return (
    <div className="flex h-full flex-col gap-6 p-4">
      <div>
        <p className="text-sm text-slate-600">{SIDEBAR_TEXTS.welcome(username)}</p>
        {/* A full page load: the public pages' scripts (chat widget, embeds) start cleanly. */}
        <a href="/" className="mt-2 inline-flex items-center gap-1.5 text-sm font-medium text-brand hover:underline">
          <Icon name="arrow-left" className="size-4" />
          {SIDEBAR_TEXTS.backToWebsite}
        </a>
      </div>
      <nav aria-label={SIDEBAR_TEXTS.navLabel}>
        <NavLinks role={role} unreadMessages={unreadMessages} waitingChats={waitingChats} />
      </nav>
      <div className="mt-auto space-y-1 border-t border-slate-200 pt-4">
        <NavLink
          to="/admin/account"
          className={({ isActive }) =>
            cn(
              "flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium",
              isActive ? "bg-brand text-white" : "text-slate-700 hover:bg-slate-100",
            )
          }
        >
          <Icon name="key-round" className="size-4" />
          {SIDEBAR_TEXTS.account}
        </NavLink>
        <Form method="post" action="/admin/logout">
          <button
            type="submit"
            className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm font-medium text-slate-700 hover:bg-slate-100"
          >
            <Icon name="log-out" className="size-4" />
            {SIDEBAR_TEXTS.logout}
          </button>
        </Form>
      </div>
    </div>
  );
}

interface SidebarProps {
  username: string;
  role: AdminRole;
  unreadMessages: number;
  /** Chat conversations waiting for staff (docs/product.md §12.1). */
  waitingChats: number;
}

function PanelTitle() {
  return (
    <>
      <Icon name="building-2" className="size-5 text-brand" />
      {SIDEBAR_TEXTS.title}
    </>
  );
}

/**
 * The admin sidebar: fixed beside the content on wide screens; on narrow ones a menu that opens
 * with a <details>, so it works without JavaScript.
 */
export function Sidebar(props: SidebarProps) {
  const { pathname } = useLocation();
  return (
    <>
      <aside className="hidden w-64 shrink-0 border-r border-slate-200 bg-white lg:block">
        <div className="sticky top-0 flex h-dvh flex-col">
          <p className="flex items-center gap-2 border-b border-slate-200 px-4 py-4 text-lg font-bold text-slate-900">
            <PanelTitle />
          </p>
          <div className="flex-1 overflow-y-auto">
            <SidebarBody {...props} />
          </div>
        </div>
      </aside>
      {/* Keyed by the page: choosing a link closes the menu. */}
      <details key={pathname} className="group border-b border-slate-200 bg-white lg:hidden">
        <summary className="flex cursor-pointer list-none items-center justify-between px-4 py-3 [&::-webkit-details-marker]:hidden">
          <span className="flex items-center gap-2 text-lg font-bold text-slate-900">
            <PanelTitle />
          </span>
          <span className="inline-flex items-center gap-1 rounded-md border border-slate-300 px-2 py-1 text-sm text-slate-700">
            <Icon name="menu" className="size-4" />
            {SIDEBAR_TEXTS.menu}
          </span>
        </summary>
        <SidebarBody {...props} />
      </details>
    </>
  );
}
