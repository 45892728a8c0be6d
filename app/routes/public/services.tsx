import { useEffect, useLayoutEffect, useRef, useState } from "react";
import { Form, NavigationType, useLocation, useNavigation, useNavigationType, useSearchParams } from "react-router";

import { PageLinks } from "~/components/site/catalogue-pages";
import { CatalogueResults } from "~/components/site/catalogue-results";
import { JsonLd } from "~/components/site/json-ld";
import { publicPageMeta } from "~/components/site/page-meta";
import { ServiceCard } from "~/components/site/service-card";
import { organizationJsonLd } from "~/components/site/structured-data";
import { useSiteOrigin } from "~/components/site/use-site-origin";
import { useSiteSettings } from "~/components/site/use-site-settings";
import { Button } from "~/components/ui/button";
import { Icon } from "~/components/ui/icon";
import { SERVICES } from "~/copy/site";
import { categoryLabel } from "~/lib/categories";
import type { FaqItem } from "~/lib/domain";
import { useHydrated } from "~/lib/hydrated";
import {
  readServiceFilter,
  searchWords,
  type ServiceFilter,
  serviceFilterSearch,
  sortCategories,
} from "~/lib/service-filter";
import { listActiveCategories, searchActiveServices, toPublicService } from "~/models/services.server";
import { getSiteSettings, siteFaq } from "~/models/site-settings.server";
import { readServiceProof } from "~/services/last-known.server";

import type { Route } from "./+types/services";

// Three rows of the widest grid; a thousand services would be megabytes in one page.
const CATALOGUE_PAGE_SIZE = 24;

export async function loader({ request }: Route.LoaderArgs) {
  const query = readServiceFilter(new URL(request.url).searchParams);
  const categories = sortCategories(await listActiveCategories());
  // A category no longer offered (an old link) shows everything, as the dropdown says.
  const category = categories.includes(query.category) ? query.category : "";
  const [found, settings, proof] = await Promise.all([
    searchActiveServices({
      words: searchWords(query.q),
      category: category || null,
      page: query.page,
      pageSize: CATALOGUE_PAGE_SIZE,
    }),
    getSiteSettings(),
    readServiceProof(),
  ]);
  return {
    faq: siteFaq(settings),
    services: found.services.map(toPublicService),
    caseStudiesByService: Object.fromEntries(
      found.services.map((service) => [service.id, proof.caseStudies[service.id]]),
    ),
    categories,
    category,
    total: found.total,
    page: found.page,
    pageCount: found.pageCount,
  };
}

// The URL, and with it the list from the server, follows the search box once typing pauses, so
// history, logs and the database see words, not letters.
const URL_UPDATE_DELAY_MS = 300;

export default function Services({ loaderData }: Route.ComponentProps) {
  const settings = useSiteSettings();
  const origin = useSiteOrigin();
  const hydrated = useHydrated();
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const fromUrl = readServiceFilter(searchParams);
  // The box owns its text while the visitor types (the URL follows by replacing); a link or Back
  // changing the URL puts the URL's text back in the box.
  const [box, setBox] = useState({ text: fromUrl.q, locationKey: location.key });
  let query = box.text;
  if (box.locationKey !== location.key) {
    if (navigationType !== NavigationType.Replace) query = fromUrl.q;
    setBox({ text: query, locationKey: location.key });
  }
  const pendingUrlUpdate = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(pendingUrlUpdate.current), []);

  const { services, categories, page, pageCount } = loaderData;
  // The dropdown shows a choice at once, while the list for it is on its way.
  const navigation = useNavigation();
  const pending = navigation.location?.pathname === location.pathname ? navigation.location : null;
  const chosen = pending ? readServiceFilter(new URLSearchParams(pending.search)).category : loaderData.category;
  const category = categories.includes(chosen) ? chosen : "";
  const filter: ServiceFilter = { q: query, category };

  function updateUrl(next: ServiceFilter) {
    clearTimeout(pendingUrlUpdate.current);
    setSearchParams(new URLSearchParams(serviceFilterSearch(next)), { replace: true, preventScrollReset: true });
  }

  // The page hydrates on the visitor's first interaction (app/lib/deferred-hydration.ts), which may
  // be typing a search or choosing a category. What the boxes hold by then becomes the filter: the
  // text before the first render after hydration could put the URL's back, the list right after.
  const searchBox = useRef<HTMLInputElement>(null);
  const categoryBox = useRef<HTMLSelectElement>(null);
  const typedBeforeHydration = () => ({
    q: searchBox.current?.value ?? filter.q,
    category: categoryBox.current?.value ?? filter.category,
  });
  useLayoutEffect(() => {
    const typed = typedBeforeHydration();
    // The box's DOM is the outside source here, read once: no render could have known it sooner.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (typed.q !== filter.q) setBox({ text: typed.q, locationKey: location.key });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);
  useEffect(() => {
    const typed = typedBeforeHydration();
    if (typed.q !== fromUrl.q || typed.category !== filter.category) updateUrl(typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on hydration
  }, []);

  return (
    <>
      <JsonLd data={organizationJsonLd(settings, origin, services)} />
      <section className="border-b border-slate-200 bg-gradient-to-b from-slate-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-14 text-center sm:px-6 sm:py-20 lg:px-8">
          <h1 className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">{SERVICES.heading}</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-slate-600">{SERVICES.intro(settings.workflowToolName)}</p>
          <Form
            method="get"
            role="search"
            aria-label={SERVICES.filterLabel}
            preventScrollReset
            onSubmit={(event) => {
              if (!hydrated) return;
              // Enter searches at once rather than after the typing pause.
              event.preventDefault();
              updateUrl(filter);
            }}
            className="mx-auto mt-10 flex max-w-3xl flex-col gap-3 sm:flex-row"
          >
            <div className="relative flex-1">
              <Icon
                name="search"
                className="pointer-events-none absolute left-3 top-1/2 size-5 -translate-y-1/2 text-slate-400"
              />
              <input
                ref={searchBox}
                type="search"
                name="q"
                value={query}
                maxLength={100}
                onChange={(event) => {
                  const next = { ...filter, q: event.target.value };
                  setBox({ text: next.q, locationKey: location.key });
                  clearTimeout(pendingUrlUpdate.current);
                  pendingUrlUpdate.current = setTimeout(() => updateUrl(next), URL_UPDATE_DELAY_MS);
                }}
                placeholder={SERVICES.searchPlaceholder}
                aria-label={SERVICES.searchLabel}
                className="h-12 w-full rounded-lg border border-slate-300 bg-white pl-10 pr-3 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
              />
            </div>
            <div className="relative sm:w-64">
              <select
                ref={categoryBox}
                name="category"
                value={category}
                onChange={(event) => updateUrl({ ...filter, category: event.target.value })}
                aria-label={SERVICES.categoryLabel}
                className="h-12 w-full appearance-none rounded-lg border border-slate-300 bg-white pl-3 pr-10 text-base text-slate-900 shadow-sm focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30"
              >
                <option value="">{SERVICES.allCategories}</option>
                {loaderData.categories.map((category) => (
                  <option key={category} value={category}>
                    {categoryLabel(category)}
                  </option>
                ))}
              </select>
              <Icon
                name="chevron-down"
                className="pointer-events-none absolute right-3 top-1/2 size-5 -translate-y-1/2 text-slate-500"
              />
            </div>
            {/* Hidden from the first paint where scripts run, not only once hydrated: the list
                below would otherwise move up when the button goes (a layout shift on phones). */}
            {hydrated ? null : (
              <Button type="submit" size="lg" className="[@media(scripting:enabled)]:hidden">
                {SERVICES.applyFilters}
              </Button>
            )}
          </Form>
        </div>
      </section>

      <CatalogueResults
        label={SERVICES.listLabel}
        countText={SERVICES.count(loaderData.total)}
        items={services}
        card={(service) => (
          <ServiceCard
            service={service}
            orderLabel={SERVICES.orderNow}
            headingLevel={2}
            caseStudies={loaderData.caseStudiesByService[service.id]}
          />
        )}
        emptyText={SERVICES.empty}
        clearFilters={filter.q || filter.category ? { to: location.pathname, label: SERVICES.clearFilters } : undefined}
      >
        <PageLinks
          page={page}
          pageCount={pageCount}
          // The links keep the filter the list shows, not words typed since.
          hrefFor={(n) =>
            `${location.pathname}${serviceFilterSearch({ q: fromUrl.q, category: loaderData.category, page: n })}`
          }
          className="mt-10"
        />
      </CatalogueResults>

      <Faq items={loaderData.faq} />
    </>
  );
}

function Faq({ items }: { items: FaqItem[] }) {
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="faq-heading" className="bg-slate-50 py-16 sm:py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <h2 id="faq-heading" className="text-center text-3xl font-bold tracking-tight text-slate-900">
          {SERVICES.faqHeading}
        </h2>
        <div className="mt-10 grid gap-4">
          {items.map((item, index) => (
            <div key={index} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm">
              <h3 className="font-semibold text-slate-900">{item.question}</h3>
              <p className="mt-2 leading-relaxed text-slate-600">{item.answer}</p>
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}

export function meta({ matches, location }: Route.MetaArgs) {
  const { q, category, page } = readServiceFilter(new URLSearchParams(location.search));
  // Each page of the whole catalogue is its own page for search engines; filtered views are not.
  const path = `/services${q || category ? "" : serviceFilterSearch({ q, category, page })}`;
  return publicPageMeta(matches, (settings) => ({
    title: SERVICES.heading,
    description: SERVICES.metaDescription(settings.companyName, settings.workflowToolName),
    path,
  }));
}
