import "./app.css";

import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunctionArgs,
  useMatches,
  useRouteLoaderData,
} from "react-router";

import { FaviconLinks } from "~/components/site/responsive-image";
import { ErrorPanel } from "~/components/ui/error-text";
import { errorPageText, ONWARD } from "~/copy/site";
import { databaseOutage } from "~/middleware/database-outage.server";
import { pageCache, pageExpiryContext } from "~/middleware/page-cache.server";
import { toastScope } from "~/middleware/toast-scope.server";
import { getPageToast } from "~/services/toast.server";

import type { Route } from "./+types/root";
import { Toaster } from "./components/toaster";
import { calendarYear } from "./lib/calendar";
import { HYDRATE_ON_INTERACTION_SCRIPT, hydratesOnInteraction } from "./lib/deferred-hydration";
import { useNonce } from "./lib/nonce";
import { isSamePageQueryChange } from "./lib/revalidation";
import { safeColor } from "./lib/theme";
import { siteTimeZone, toPublicSiteSettings } from "./models/site-settings.server";
import { readSiteSettings } from "./services/last-known.server";

// Every request, after the Express middleware of server/app.ts: the page cache keeps a public
// page every visitor gets alike; the toast scope; a failure for want of the database becomes a
// 503. The admin layout adds the admin guard (app/routes/admin/layout.tsx).
export const middleware: Route.MiddlewareFunction[] = [pageCache, toastScope, databaseOutage];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, { toast, headers }] = await Promise.all([readSiteSettings(), getPageToast(request, context)]);
  // The footer's copyright year, read here rather than in the browser: a cached page is forgotten
  // when the year turns in the site's time zone, and the hydrated page shows the year it was sent with.
  const year = calendarYear(siteTimeZone(settings), Date.now());
  context.set(pageExpiryContext, year.endsAt);
  return data({ settings: toPublicSiteSettings(settings), currentYear: year.year, toast }, { headers });
}

// After a form answer with an error status (a 400 from dataWithError) React Router skips
// revalidation, but that answer's toast waits in the flash cookie only this loader reads.
// Settings do not depend on the query string, and a toast only follows a form.
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (args.actionStatus !== undefined && args.actionStatus >= 400) return true;
  if (isSamePageQueryChange(args)) return false;
  return args.defaultShouldRevalidate;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  const root = useRouteLoaderData<typeof loader>("root");
  const settings = root?.settings;
  const hydrateOnInteraction = hydratesOnInteraction(useMatches().map((match) => match.handle));
  const theme = [
    ["--brand-primary", safeColor(settings?.primaryColor)],
    ["--brand-secondary", safeColor(settings?.secondaryColor)],
  ]
    .filter(([, value]) => value)
    .map(([name, value]) => `${name}:${value}`)
    .join(";");
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {settings?.faviconUrl ? (
          <FaviconLinks url={settings.faviconUrl} />
        ) : (
          <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        )}
        {theme ? <style nonce={nonce}>{`:root{${theme}}`}</style> : null}
        <Meta />
        <Links />
      </head>
      <body className="min-h-dvh">
        {children}
        <Toaster toast={root?.toast} />
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {hydrateOnInteraction ? (
          <script
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{ __html: HYDRATE_ON_INTERACTION_SCRIPT }}
          />
        ) : null}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const { title, detail } = errorPageText(status);
  return <ErrorPanel status={status} title={title} detail={detail} home={{ href: "/", label: ONWARD.home }} />;
}
