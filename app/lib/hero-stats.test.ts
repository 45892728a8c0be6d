import { describe, expect, it } from "vitest";

import { heroStats } from "./hero-stats";

// docs/product.md, Home page: the hero's figures.
const DEFAULTS = [
  { value: "150+", label: "Projects Completed" },
  { value: "80+", label: "Happy Clients" },
  { value: "5+", label: "Years Experience" },
];
const FOUNDER = { experienceYears: 7, projectsCompleted: 152, clientsServed: 81 };

describe("heroStats", () => {
  it("follows Founder Info while Site Content has not changed the figures", () => {
    expect(heroStats(DEFAULTS, FOUNDER)).toEqual([
      { value: "152+", label: "Projects Completed" },
      { value: "81+", label: "Happy Clients" },
      { value: "7+", label: "Years Experience" },
    ]);
  });

  it("keeps the figures Site Content set", () => {
    const edited = [DEFAULTS[0]!, DEFAULTS[1]!, { value: "10+", label: "Years Experience" }];
    expect(heroStats(edited, FOUNDER)).toEqual(edited);
    const relabelled = [DEFAULTS[0]!, { value: "80+", label: "Happy Customers" }, DEFAULTS[2]!];
    expect(heroStats(relabelled, FOUNDER)).toEqual(relabelled);
  });

  it("keeps the defaults without a founder record", () => {
    expect(heroStats(DEFAULTS, null)).toEqual(DEFAULTS);
  });
});
