import { DEFAULT_HERO_STATS } from "~/copy/site";

import type { HeroStat } from "./domain";

interface FounderFigures {
  experienceYears: number;
  projectsCompleted: number;
  clientsServed: number;
}

/**
 * The hero's three figures. Until Site Content changes them (the stored figures are still the
 * defaults) they follow Founder Info, so that the home page never says "5+ years" above a founder
 * with "7+"; without a founder record they are the stored ones.
 */
export function heroStats(stored: readonly HeroStat[], founder: FounderFigures | null): HeroStat[] {
  const overridden =
    stored.length !== DEFAULT_HERO_STATS.length ||
    stored.some(
      (stat, index) =>
        stat.value !== DEFAULT_HERO_STATS[index]!.value || stat.label !== DEFAULT_HERO_STATS[index]!.label,
    );
  if (overridden || !founder) return [...stored];
  const [projects, clients, years] = DEFAULT_HERO_STATS;
  return [
    { value: `${founder.projectsCompleted}+`, label: projects.label },
    { value: `${founder.clientsServed}+`, label: clients.label },
    { value: `${founder.experienceYears}+`, label: years.label },
  ];
}
