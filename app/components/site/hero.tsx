import { buttonClasses, ButtonLink } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { HERO } from "~/copy/site";
import type { HeroStat } from "~/lib/domain";

import { MessagingIcon, useMessagingLinks } from "./messaging-links";
import { TypedHeadline } from "./typed-headline";
import { useSiteSettings } from "./use-site-settings";
import { WorkflowPreview } from "./workflow-preview";

const ON_DARK = buttonClasses("onDark", "lg", "whitespace-nowrap max-sm:px-3 max-sm:text-sm");

export function Hero({ headline, subtext, stats }: { headline: string; subtext: string; stats: HeroStat[] }) {
  const settings = useSiteSettings();
  const messaging = useMessagingLinks();
  return (
    <section className="relative overflow-hidden bg-slate-950 text-white">
      <div
        aria-hidden
        className="absolute inset-0 bg-[radial-gradient(ellipse_at_top_left,var(--color-brand)_0%,transparent_55%),radial-gradient(ellipse_at_bottom_right,var(--color-brand-2)_0%,transparent_50%)] opacity-60"
      />
      <div
        aria-hidden
        className="absolute inset-0 bg-[linear-gradient(to_right,rgb(255_255_255/0.04)_1px,transparent_1px),linear-gradient(to_bottom,rgb(255_255_255/0.04)_1px,transparent_1px)] bg-[size:48px_48px]"
      />
      <div className="relative mx-auto max-w-7xl px-4 pb-20 pt-16 sm:px-6 sm:pb-28 sm:pt-24 lg:px-8">
        <div className="grid items-center gap-12 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div>
            <p className="inline-flex items-center gap-2 rounded-full bg-white/10 px-3 py-1 text-sm font-medium text-white ring-1 ring-inset ring-white/20">
              <Icon name="sparkles" className="size-4" />
              {HERO.badge(settings.workflowToolName)}
            </p>
            <TypedHeadline
              text={headline}
              className="mt-6 text-4xl font-extrabold leading-tight tracking-tight text-balance sm:text-5xl lg:text-6xl"
            />
            <p className="mt-6 max-w-2xl text-lg leading-relaxed text-slate-200 sm:text-xl">{subtext}</p>
            {/* On a phone WhatsApp and Messenger share a row where they fit, so the last button ends
                above the floating chat trigger's corner (floating-messaging.tsx). */}
            <div className="mt-10 grid grid-cols-[repeat(auto-fit,minmax(9.5rem,1fr))] gap-3 sm:flex sm:flex-row sm:flex-wrap">
              <ButtonLink to="/services" variant="light" size="lg" className="col-span-full">
                {HERO.viewServices}
                <Icon name="arrow-right" className="size-5" />
              </ButtonLink>
              {/* The chat widget opens on [data-open-chat]; without JavaScript this is the chat page. */}
              <a
                href="/chat"
                data-open-chat=""
                className={buttonClasses("primary", "lg", "col-span-full ring-1 ring-inset ring-white/30")}
              >
                <Icon name="bot" className="size-5" />
                {HERO.tryChat}
              </a>
              {/* One item, so that where the row is too short the two apps move down together,
                  never one of them alone (Messenger at 1280 px). */}
              {messaging.length ? (
                <div className="flex flex-col gap-3 sm:flex-row">
                  {messaging.map(({ app, href }) => (
                    <a key={app} href={href} target="_blank" rel="noopener" className={ON_DARK}>
                      <MessagingIcon app={app} className="size-5" />
                      {HERO[app]}
                    </a>
                  ))}
                </div>
              ) : null}
            </div>
          </div>
          <WorkflowPreview workflowToolName={settings.workflowToolName} />
        </div>
        <dl className="mt-16 grid max-w-3xl grid-cols-3 gap-4 border-t border-white/15 pt-8">
          {stats.map((stat) => (
            <div key={`${stat.value} ${stat.label}`} className="flex flex-col-reverse justify-end">
              <dt className="mt-1 text-sm text-slate-300">{stat.label}</dt>
              <dd className="text-3xl font-bold sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
