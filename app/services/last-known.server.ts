import { isDatabaseUnavailable } from "~/db/client.server";
import { log } from "~/lib/log.server";
import {
  hasPublishedCaseStudies,
  listCaseStudyLinksByService,
  listFeaturedCaseStudies,
} from "~/models/case-studies.server";
import { getFounderInfo } from "~/models/founder-info.server";
import { getPublicIntegrations, hasStripeSecretKey } from "~/models/integrations.server";
import { listActiveServices, listFeaturedServices } from "~/models/services.server";
import { getSiteSettings } from "~/models/site-settings.server";
import { listClientLogos, listPublishedTestimonials, listTestimonialsByService } from "~/models/testimonials.server";

import { keptUntilChanged } from "./page-cache/kept.server";

// The reads of the public pages that hold a visitor's form (the layout, the home page's contact
// form, the order form). While the database cannot be reached, each answers with what it last
// read: the form comes back with the visitor's values and the spec's error toast instead of an
// error page. Their answers are small and take no arguments, so one copy each. Between two changes
// to their tables each is read once, not on every render (app/services/page-cache/kept.server.ts):
// a refused form post re-renders its page, and a flood of them must not cost a query each.

function lastKnown<T>(name: string, fromDatabase: () => Promise<T>): () => Promise<T> {
  const read = keptUntilChanged(fromDatabase);
  let last: { value: T } | undefined;
  return async () => {
    try {
      const value = await read();
      last = { value };
      return value;
    } catch (error) {
      if (!last || !isDatabaseUnavailable(error)) throw error;
      log.warn("database unreachable: answering with the last read", { read: name });
      return last.value;
    }
  };
}

export const readSiteSettings = lastKnown("site settings", getSiteSettings);
export const readPublicIntegrations = lastKnown("public integrations", getPublicIntegrations);
export const readStripeConfigured = lastKnown("stripe configured", hasStripeSecretKey);
export const readFeaturedServices = lastKnown("featured services", () => listFeaturedServices());
export const readFounderInfo = lastKnown("founder", getFounderInfo);
export const readActiveServices = lastKnown("active services", listActiveServices);
export const readHasPublishedWork = lastKnown("published work", hasPublishedCaseStudies);

/** The proof the home page shows: featured case studies, testimonials and client logos. */
export const readHomeProof = lastKnown("home proof", async () => {
  const [caseStudies, testimonials, logos] = await Promise.all([
    listFeaturedCaseStudies(),
    listPublishedTestimonials(),
    listClientLogos(),
  ]);
  return {
    caseStudies,
    testimonials,
    logos: logos.map(({ id, altText, imageUrl }) => ({ id, altText, imageUrl })),
  };
});

/** For each service id: its case-study links and its first testimonial (catalogue, order form). */
export const readServiceProof = lastKnown("service proof", async () => {
  const [caseStudies, testimonials] = await Promise.all([listCaseStudyLinksByService(), listTestimonialsByService()]);
  return { caseStudies, testimonials };
});
