import { Outlet, type ShouldRevalidateFunctionArgs } from "react-router";

import { ChatWidget } from "~/components/chat/chat-widget";
import { FloatingMessagingButtons } from "~/components/site/floating-messaging";
import { NavigationStatus } from "~/components/site/navigation-status";
import { SiteError } from "~/components/site/site-error";
import { SiteFooter } from "~/components/site/site-footer";
import { SiteHeader } from "~/components/site/site-header";
import { CustomCode, VoiceAgentEmbed } from "~/components/site/trusted-code";
import { SKIP_LINK } from "~/copy/site";
import { bookingLink } from "~/lib/booking";
import { HYDRATE_ON_INTERACTION } from "~/lib/deferred-hydration";
import { inlineScript, splitEmbedCode } from "~/lib/embed-code";
import { useHydrated } from "~/lib/hydrated";
import { isSamePageQueryChange } from "~/lib/revalidation";
import { siteOrigin } from "~/lib/site-url.server";
import { chatLimits } from "~/services/chat/limits.server";
import { readHasPublishedWork, readPublicIntegrations } from "~/services/last-known.server";

import type { Route } from "./+types/layout";

export async function loader() {
  const [integrations, hasWork] = await Promise.all([readPublicIntegrations(), readHasPublishedWork()]);
  return {
    // The header and footer link /work only when it has a case study to show (app/components/site/nav-links.ts).
    hasWork,
    origin: siteOrigin(),
    voiceAgent: splitEmbedCode(integrations.voiceAgentEmbedCode),
    customCss: integrations.customCss?.trim() || null,
    customJs: inlineScript(integrations.customJs),
    chatMaxMessageChars: chatLimits().maxMessageChars,
    // The chat's "Book a call" quick reply (app/components/chat/book-call-reply.tsx).
    bookingUrl: bookingLink(integrations.bookingPageUrl),
  };
}

// Every public page works without JavaScript: React comes when the visitor first interacts.
export const handle = HYDRATE_ON_INTERACTION;

export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return isSamePageQueryChange(args) ? false : args.defaultShouldRevalidate;
}

// Everything visitors see around a public page: header, footer, floating messaging buttons,
// chat widget, voice-agent embed, and the admin's custom CSS and JS.
export default function PublicLayout({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <NavigationStatus />
      <Main>
        <Outlet />
      </Main>
      <SiteFooter />
      <FloatingMessagingButtons />
      <ChatWidget maxMessageChars={loaderData.chatMaxMessageChars} />
      {loaderData.voiceAgent ? <VoiceAgentEmbed embed={loaderData.voiceAgent} /> : null}
      <CustomCode css={loaderData.customCss} scripts={loaderData.customJs} />
    </>
  );
}

function Main({ children }: { children: React.ReactNode }) {
  // data-hydrated: end-to-end tests with JavaScript wait for it before using enhanced controls.
  return (
    <main id="main" data-hydrated={useHydrated() ? "" : undefined}>
      {children}
    </main>
  );
}

function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg"
    >
      {SKIP_LINK}
    </a>
  );
}

// The chat is on every public page, error pages included (a 404 is where a visitor may need help).
export function ErrorBoundary({ error, loaderData }: Route.ErrorBoundaryProps) {
  return (
    <>
      <SkipLink />
      <SiteHeader />
      <Main>
        <SiteError error={error} />
      </Main>
      <SiteFooter />
      <FloatingMessagingButtons />
      <ChatWidget maxMessageChars={loaderData?.chatMaxMessageChars} />
    </>
  );
}
