import { Link, useRouteLoaderData } from "react-router";

import { Icon } from "~/components/ui/icon";
import { FOOTER, LEGAL_LINKS } from "~/copy/site";
import { whatsappUrl } from "~/lib/messaging";
import type { loader as rootLoader } from "~/root";

import { usePublicNavLinks } from "./nav-links";
import { SiteLogo } from "./site-logo";
import { useSiteSettings } from "./use-site-settings";

export function SiteFooter() {
  const settings = useSiteSettings();
  const links = usePublicNavLinks();
  const currentYear = useRouteLoaderData<typeof rootLoader>("root")?.currentYear ?? settings.foundedYear;
  const whatsapp = whatsappUrl(settings.whatsappNumber, settings.workflowToolName);
  return (
    <footer className="bg-slate-950 text-slate-300">
      {/* From lg the contact column is as wide as the company's: a support address fits on one line. */}
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-5 lg:px-8">
        <div className="lg:col-span-2">
          <SiteLogo companyName={settings.companyName} logoUrl={settings.logoUrl} inverted />
          <p className="mt-4 max-w-sm text-sm leading-relaxed text-slate-400">
            {FOOTER.blurb(settings.workflowToolName)}
          </p>
          {settings.businessAddress ? (
            <p className="mt-4 flex items-start gap-2 text-sm">
              <Icon name="map-pin" className="mt-0.5 size-4 shrink-0 text-slate-400" />
              <span>{settings.businessAddress}</span>
            </p>
          ) : null}
        </div>
        <nav aria-label={FOOTER.navLabel}>
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{FOOTER.quickLinks}</h2>
          <LinkList links={links} className="mt-4 space-y-2 text-sm" />
        </nav>
        <div className="lg:col-span-2">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{FOOTER.contact}</h2>
          <ul className="mt-4 space-y-3 text-sm">
            {settings.supportEmail ? (
              <li>
                <a
                  href={`mailto:${settings.supportEmail}`}
                  className="flex items-center gap-2 break-all hover:text-white"
                >
                  <Icon name="mail" className="size-4 shrink-0 text-slate-400" />
                  {settings.supportEmail}
                </a>
              </li>
            ) : null}
            {settings.whatsappNumber && whatsapp ? (
              <li>
                <a href={whatsapp} target="_blank" rel="noopener" className="flex items-center gap-2 hover:text-white">
                  <Icon name="message-circle" className="size-4 shrink-0 text-slate-400" />
                  {settings.whatsappNumber}
                </a>
              </li>
            ) : null}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        {/* The bottom padding lets the page's last line scroll clear of the floating button; from
            2xl the buttons stand in the side margin. */}
        <div className="mx-auto flex max-w-7xl flex-col items-center gap-3 px-4 pb-24 pt-6 text-sm text-slate-400 sm:flex-row sm:justify-between sm:px-6 lg:px-8 2xl:pb-6">
          <p>{FOOTER.copyright(settings.companyName, settings.foundedYear, currentYear)}</p>
          <nav aria-label={FOOTER.legalLabel}>
            <LinkList links={LEGAL_LINKS} className="flex gap-4" />
          </nav>
        </div>
      </div>
    </footer>
  );
}

function LinkList({ links, className }: { links: readonly { to: string; label: string }[]; className: string }) {
  return (
    <ul className={className}>
      {links.map((link) => (
        <li key={link.to}>
          <Link to={link.to} className="hover:text-white">
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
