import { redirect } from "react-router";

import { LOGIN_PATH, signOut } from "~/services/auth.server";

import type { Route } from "./+types/logout";

// Logging out changes state, so it is a POST (the sidebar's Logout button); a GET goes back.
// Outside the admin guard: it reads nothing, changes only the visitor's own cookie, and must work
// for a session that is no longer valid as well.
export function loader() {
  return redirect("/admin");
}

export async function action({ request }: Route.ActionArgs) {
  return redirect(LOGIN_PATH, { headers: { "Set-Cookie": await signOut(request) } });
}
