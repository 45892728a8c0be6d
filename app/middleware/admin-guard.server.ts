import { createContext, data, type MiddlewareFunction, type RouterContextProvider } from "react-router";

import { COMMON_TEXTS } from "~/copy/admin";
import type { Admin } from "~/models/admin-users.server";
import { requireAdmin } from "~/services/auth.server";

const adminContext = createContext<Admin>();

/**
 * The admin guard, the middleware of the admin layout: it runs before every loader and action
 * under /admin (unlike a parent loader, which does not run before a child's action). Without a
 * valid session the request ends here with a redirect to the login page.
 */
export const adminGuard: MiddlewareFunction<Response> = async ({ request, context }) => {
  context.set(adminContext, await requireAdmin(request));
};

/** The signed-in admin, as the guard found it. */
export function getAdmin(context: Readonly<RouterContextProvider>): Admin {
  return context.get(adminContext);
}

/**
 * Admin users and integrations: super admins only. Others get a 403 in the admin's look. A check
 * in the loader or action, not a middleware: a middleware that throws stops the layout's loader
 * too, and the 403 page would lose the sidebar.
 */
export function requireSuperAdmin(context: Readonly<RouterContextProvider>): Admin {
  const admin = getAdmin(context);
  if (admin.role !== "super_admin") throw data(COMMON_TEXTS.error.superAdminOnly, { status: 403 });
  return admin;
}
