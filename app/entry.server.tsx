import { PassThrough, Writable } from "node:stream";

import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { ReactNode } from "react";
import { renderToPipeableStream, renderToStaticMarkup } from "react-dom/server";
import { type EntryContext, type RouterContextProvider, ServerRouter } from "react-router";

import { ErrorPanel } from "~/components/ui/error-text";
import { ONWARD, SERVER_ERROR } from "~/copy/site";

import { hydratesOnInteraction } from "./lib/deferred-hydration";
import { makeHydrationInert } from "./lib/deferred-hydration.server";
import { log } from "./lib/log.server";
import { NonceProvider } from "./lib/nonce";
import { requestInfoContext } from "./lib/request-context.server";
import { DATABASE_RETRY_AFTER_S } from "./lib/retry-after";
import { failedForWantOfDatabase, noteFailure } from "./middleware/database-outage.server";

// React Router stops waiting for a loader's deferred data after this; the render gets one more
// second to send what it has.
export const streamTimeout = 5_000;
const RENDER_TIMEOUT_MS = streamTimeout + 1000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (failedForWantOfDatabase(loadContext)) responseHeaders.set("Retry-After", String(DATABASE_RETRY_AFTER_S));
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(requestInfoContext).cspNonce;
  const userAgent = request.headers.get("user-agent");
  const { matches } = routerContext.staticHandlerContext;
  const hydrateOnInteraction = hydratesOnInteraction(
    matches.map((match) => routerContext.routeModules[match.route.id]?.handle),
  );
  return renderDocument(
    <NonceProvider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </NonceProvider>,
    {
      status: responseStatusCode,
      headers: responseHeaders,
      nonce,
      // Crawlers get the whole page at once; browsers get the shell as soon as it is ready.
      waitForAll: Boolean(userAgent && isbot(userAgent)) || routerContext.isSpaMode,
      timeoutMs: RENDER_TIMEOUT_MS,
      stylesheets: routerContext.manifest.routes.root?.css ?? [],
      url: request.url,
      transform: hydrateOnInteraction ? makeHydrationInert : undefined,
    },
  );
}

export interface RenderOptions {
  status: number;
  headers: Headers;
  nonce: string | undefined;
  waitForAll: boolean;
  timeoutMs: number;
  /** The site's stylesheets, so that the error page of a render out of time has the site's look. */
  stylesheets: readonly string[];
  url: string;
  /**
   * Rewrites the whole page before it goes out; the page is then rendered whole first, as for
   * crawlers. Public pages have no deferred data, so nothing comes later than it would anyway.
   */
  transform?: (html: string) => string;
}

/**
 * Streams `document` once its shell is ready. The status goes out with the first byte, so the
 * answer is decided then: a shell that is not ready within `timeoutMs` (a huge page rendering, or
 * data that never comes) is abandoned for a small 503 page, never sent as a partial body of
 * whatever was rendered (a huge admin page once reached 249 MB). A shell ready in time streams as usual; when the
 * time runs out after that, React ends the page with the pending parts left to the browser.
 */
export function renderDocument(document: ReactNode, options: RenderOptions): Promise<Response> {
  const startedAt = performance.now();
  let status = options.status;
  let answered = false;
  let shellRendered = false;

  return new Promise((resolve, reject) => {
    const outOfTime = () => {
      clearTimeout(timer);
      abort();
      if (answered) return;
      answered = true;
      log.error("render out of time", { url: options.url, ms: Math.round(performance.now() - startedAt) });
      resolve(renderTimeoutPage(options));
    };
    const timer = setTimeout(outOfTime, options.timeoutMs);

    const { pipe, abort } = renderToPipeableStream(document, {
      nonce: options.nonce,
      // A render that blocks the event loop longer than the timeout reaches here before the timer
      // can fire: the elapsed time decides.
      [options.waitForAll || options.transform ? "onAllReady" : "onShellReady"]() {
        if (answered) return;
        if (performance.now() - startedAt > options.timeoutMs) return outOfTime();
        answered = true;
        shellRendered = true;
        options.headers.set("Content-Type", "text/html; charset=utf-8");
        const { transform } = options;
        if (transform) {
          const chunks: Buffer[] = [];
          pipe(
            new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timer);
                const html = transform(Buffer.concat(chunks).toString("utf8"));
                resolve(new Response(html, { headers: options.headers, status }));
                callback();
              },
            }),
          );
          return;
        }
        const body = new PassThrough({
          final(callback) {
            clearTimeout(timer);
            callback();
          },
        });
        pipe(body);
        resolve(new Response(createReadableStreamFromReadable(body), { headers: options.headers, status }));
      },
      onShellError(error: unknown) {
        clearTimeout(timer);
        if (answered) return;
        answered = true;
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered) log.error("render failed", { error, url: options.url });
      },
    });
  });
}

/** A few kB in the site's look, with the words of the error boundary (app/root.tsx). */
function renderTimeoutPage({ headers, stylesheets }: RenderOptions): Response {
  const html = renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        {stylesheets.map((href) => (
          <link key={href} rel="stylesheet" href={href} />
        ))}
      </head>
      <body className="min-h-dvh">
        <ErrorPanel
          status={503}
          title={SERVER_ERROR.title}
          detail={SERVER_ERROR.detail}
          home={{ href: "/", label: ONWARD.home }}
        />
      </body>
    </html>,
  );
  // The route's headers (its cookies among them) stay; the page is never kept by a cache.
  const errorHeaders = new Headers(headers);
  errorHeaders.set("Content-Type", "text/html; charset=utf-8");
  errorHeaders.set("Cache-Control", "no-store");
  errorHeaders.set("Retry-After", "5");
  return new Response(`<!DOCTYPE html>${html}`, { status: 503, headers: errorHeaders });
}

export function handleError(
  error: unknown,
  { request, context }: { request: Request; context?: Readonly<RouterContextProvider> },
) {
  noteFailure(context, error);
  if (request.signal.aborted) return;
  log.error("request failed", { error, url: request.url, method: request.method });
}
