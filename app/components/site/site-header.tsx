import { useLayoutEffect, useRef, useState } from "react";
import { Link, NavLink, useLocation } from "react-router";

import { buttonClasses } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { Icon } from "~/components/ui/icon";
import { HEADER } from "~/copy/site";

import { usePublicNavLinks } from "./nav-links";
import { SiteLogo } from "./site-logo";
import { useSiteSettings } from "./use-site-settings";

const linkTone = (isActive: boolean) =>
  isActive ? "text-brand" : "text-slate-700 hover:bg-slate-100 hover:text-slate-900";
const desktopLink = ({ isActive }: { isActive: boolean }) =>
  cn("whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium transition", linkTone(isActive));
const mobileLink = ({ isActive }: { isActive: boolean }) =>
  cn("block rounded-md px-3 py-3 text-base font-medium", linkTone(isActive));

export function SiteHeader() {
  const settings = useSiteSettings();
  const links = usePublicNavLinks();
  const { pathname } = useLocation();
  const [menu, setMenu] = useState({ open: false, pathname });
  // Arriving on another page (a link, Back) closes the menu.
  if (menu.pathname !== pathname) setMenu({ open: false, pathname });
  const menuOpen = menu.open && menu.pathname === pathname;
  const setMenuOpen = (open: boolean) => setMenu({ open, pathname });
  const closeMenu = () => setMenuOpen(false);
  // Public pages hydrate on the visitor's first interaction (app/lib/deferred-hydration.ts), which
  // may be opening this menu: the browser opened it, and React must know.
  const details = useRef<HTMLDetailsElement>(null);
  useLayoutEffect(() => {
    if (details.current?.open) setMenuOpen(true);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur supports-[backdrop-filter]:bg-white/75">
      <div className="relative mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <SiteLogo companyName={settings.companyName} logoUrl={settings.logoUrl} onNavigate={closeMenu} />

        {/* From lg: with `Work`, the links and buttons beside a long company name outgrow a tablet's width. */}
        <nav aria-label={HEADER.mainNav} className="hidden items-center gap-1 lg:flex">
          {links.map((link) => (
            <NavLink key={link.to} to={link.to} end className={desktopLink}>
              {link.label}
            </NavLink>
          ))}
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          <Link to="/admin" className={buttonClasses("ghost", "md")}>
            {HEADER.admin}
          </Link>
          <Link to="/order" className={buttonClasses("primary", "md")}>
            {HEADER.getStarted}
          </Link>
        </div>

        {/* A <details> menu opens without JavaScript; with it, a chosen link also closes it. */}
        <details
          ref={details}
          className="group lg:hidden"
          open={menuOpen}
          onToggle={(event) => setMenuOpen(event.currentTarget.open)}
          onKeyDown={(event) => {
            if (event.key === "Escape") closeMenu();
          }}
        >
          <summary
            className={cn(
              buttonClasses("ghost", "icon"),
              "cursor-pointer list-none [&::-webkit-details-marker]:hidden",
            )}
          >
            <Icon name="menu" className="size-6 group-open:hidden" />
            <Icon name="x" className="hidden size-6 group-open:block" />
            <span className="sr-only">{HEADER.menu}</span>
          </summary>
          <nav
            aria-label={HEADER.mobileNav}
            className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pb-4 pt-2 shadow-lg"
          >
            <ul className="flex flex-col gap-1">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} end onClick={closeMenu} className={mobileLink}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
              <li>
                <Link to="/admin" onClick={closeMenu} className={mobileLink({ isActive: false })}>
                  {HEADER.adminMobile}
                </Link>
              </li>
            </ul>
            <Link to="/order" onClick={closeMenu} className={buttonClasses("primary", "lg", "mt-3 w-full")}>
              {HEADER.getStarted}
            </Link>
          </nav>
        </details>
      </div>
    </header>
  );
}
