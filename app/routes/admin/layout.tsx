import { Outlet, useNavigation, useRouteLoaderData } from "react-router";

import { AdminErrorBoundary } from "~/components/admin/error-boundary";
import { LiveChats } from "~/components/admin/live-chats";
import { Sidebar } from "~/components/admin/sidebar";
import { ADMIN_USERS_TEXTS, SIDEBAR_TEXTS } from "~/copy/admin";
import { useHydrated } from "~/lib/hydrated";
import { adminGuard, getAdmin } from "~/middleware/admin-guard.server";
import { forgetPagesAfterAdminWrites } from "~/middleware/page-cache.server";
import { countWaitingConversations, markStaffPresent } from "~/models/chat-handoff.server";
import { countUnreadContactMessages } from "~/models/contact-messages.server";

import type { Route } from "./+types/layout";

// Every loader and action under /admin runs after the guard; the route table test
// (tests/integration/admin-route-table.test.ts) proves that no admin route sits outside it.
// After a write, the public pages this instance keeps are forgotten.
export const middleware: Route.MiddlewareFunction[] = [adminGuard, forgetPagesAfterAdminWrites];

export async function loader({ context }: Route.LoaderArgs) {
  const admin = getAdmin(context);
  // The live chat's availability heartbeat (app/models/chat-handoff.server.ts): a staff member has the admin open.
  const [unreadMessages, waitingChats] = await Promise.all([
    countUnreadContactMessages(),
    countWaitingConversations(),
    markStaffPresent(admin.id),
  ]);
  return { admin: { id: admin.id, username: admin.username, role: admin.role }, unreadMessages, waitingChats };
}

// Loading texts while the next screen's data is fetched (the spec names the admin users' one).
const LOADING_TEXTS: Record<string, string> = { "/admin/admins": ADMIN_USERS_TEXTS.loading };

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <AdminFrame {...loaderData}>
      <Outlet />
    </AdminFrame>
  );
}

function AdminFrame({
  admin,
  unreadMessages,
  waitingChats,
  children,
}: Route.ComponentProps["loaderData"] & React.PropsWithChildren) {
  const hydrated = useHydrated();
  return (
    // data-hydrated: end-to-end tests with JavaScript wait for it before using enhanced controls.
    <div className="min-h-dvh bg-slate-50 lg:flex" data-hydrated={hydrated ? "" : undefined}>
      <Sidebar
        username={admin.username}
        role={admin.role}
        unreadMessages={unreadMessages}
        waitingChats={waitingChats}
      />
      <LiveChats />
      <main className="min-w-0 flex-1 px-4 py-6 wrap-anywhere sm:px-6 lg:px-8 lg:py-8">
        <PendingNotice />
        {children}
      </main>
    </div>
  );
}

function PendingNotice() {
  const navigation = useNavigation();
  if (navigation.state !== "loading" || !navigation.location.pathname.startsWith("/admin")) return null;
  if (navigation.location.pathname === "/admin/login") return null;
  return (
    <p role="status" className="mb-4 rounded-md bg-brand/10 px-3 py-2 text-sm text-brand">
      {LOADING_TEXTS[navigation.location.pathname] ?? SIDEBAR_TEXTS.loading}
    </p>
  );
}

export function meta() {
  return [{ title: SIDEBAR_TEXTS.title }, { name: "robots", content: "noindex" }];
}

/**
 * The one error boundary of the admin screens: a 403, a 404 or an unexpected error shown inside
 * the admin layout, with the sidebar whenever this layout's own loader has run.
 */
export function ErrorBoundary() {
  const layout = useRouteLoaderData<typeof loader>("routes/admin/layout");
  if (!layout) {
    return (
      <main className="min-h-dvh bg-slate-50 px-4">
        <AdminErrorBoundary />
      </main>
    );
  }
  return (
    <AdminFrame {...layout}>
      <AdminErrorBoundary />
    </AdminFrame>
  );
}
