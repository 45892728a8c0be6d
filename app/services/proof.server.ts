import { listCaseStudyLinksByService, listFeaturedCaseStudies } from "~/models/case-studies.server";
import { listClientLogos, listPublishedTestimonials, listTestimonialsByService } from "~/models/testimonials.server";

import { keptUntilChanged } from "./page-cache/kept.server";

// The proof the home page, the catalogue and the order form show on every render: read once
// between two changes to the public content (app/services/page-cache/kept.server.ts).

export const readHomeProof = keptUntilChanged(async () => {
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

/** For each service id: its case-study links and its first testimonial. */
export const readServiceProof = keptUntilChanged(async () => {
  const [caseStudies, testimonials] = await Promise.all([listCaseStudyLinksByService(), listTestimonialsByService()]);
  return { caseStudies, testimonials };
});
