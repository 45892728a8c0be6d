import { Form, NavLink, useLocation } from "react-router";
import { cn } from "~/components/ui/cn";
import type { AdminRole } from "~/lib/domain";
import { SIDEBAR_TEXTS } from "~/copy/admin";
import { Icon, type IconName } from "~/components/ui/icon";

interface NavItem {
  to: string;
  label: string;
  icon: IconName;
  superAdminOnly?: boolean;
  end?: boolean;
}

// The spec's links, with Messages and Chats (beyond the spec) after Orders.
export const ADMIN_NAV: NavItem[] = [
  { to: "/admin", label: "Dashboard", icon: "layout-dashboard", end: true },
  { to: "/admin/services", label: "Services", icon: "package" },
  { to: "/admin/orders", label: "Orders", icon: "shopping-cart" },
  { to: "/admin/messages", label: "Messages", icon: "mail" },
  { to: "/admin/chats", label: "Chats", icon: "messages-square" },
  { to: "/admin/settings", label: "Settings", icon: "settings" },
  { to: "/admin/content", label: "Site Content", icon: "file-text" },
  { to: "/admin/legal", label: "Privacy & Terms", icon: "scale" },
  { to: "/admin/founder", label: "Founder Info", icon: "user-round" },
  { to: "/admin/integrations", label: "Integrations", icon: "plug", superAdminOnly: true },
  { to: "/admin/webhooks", label: "Webhooks", icon: "webhook" },
  { to: "/admin/admins", label: "Admin Users", icon: "users", superAdminOnly: true },
  { to: "/admin/activity", label: "Activity", icon: "history" },
  { to: "/admin/personal-data", label: "Personal Data", icon: "shield-user", superAdminOnly: true },
];

export const ACCOUNT_LINK_LABEL = "Change Password";

function NavLinks({ role, unreadMessages }: { role: AdminRole; unreadMessages: number }) {
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
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SidebarBody({ username, role, unreadMessages }: SidebarProps) {
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
      <nav aria-label="Admin">
        <NavLinks role={role} unreadMessages={unreadMessages} />
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
          {ACCOUNT_LINK_LABEL}
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
            Menu
          </span>
        </summary>
        <SidebarBody {...props} />
      </details>
    </>
  );
}
