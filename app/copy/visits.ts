// Visit counting's texts (docs/product.md 13.1): the setting and what the privacy template says.

export const VISIT_SETTINGS_TEXTS = {
  section: "Visits",
  description: "First-party visit counts for Insights: no cookie, no third party.",
  countVisits: "Count visits",
  countVisitsHint:
    "Counts page views, where visitors came from and their device type, without cookies or stored IP addresses. Bots and your own visits are not counted.",
} as const;

/** The privacy template's line on visit counting, shown while "Count visits" is on (app/lib/legal-texts.ts). */
export const VISITS_PRIVACY_TEXT =
  "- **Visit counts**: for each page you view we count the page, the site or campaign link that brought you here (the referring site's address and any utm_source, utm_medium and utm_campaign in the link) and your device type (mobile, tablet or desktop). To count visitors without a cookie, your IP address and browser's user agent are turned into a one-way code with a random value that changes every day; the random value and the codes are deleted when the day is over, and your IP address is not stored. We keep only daily totals.";
