// The booking page's link, prefilled with the client's name and email where the provider reads
// them from the address: Cal.com and Calendly both take `name` and `email` query parameters.
// docs/integrations.md, "Booking a call".

const PREFILLING_HOSTS = ["cal.com", "cal.eu", "calendly.com"];

function prefills(host: string): boolean {
  return PREFILLING_HOSTS.some((known) => host === known || host.endsWith(`.${known}`));
}

/** The booking page's address for this person, or null when no http(s) booking page is set. */
export function bookingLink(
  pageUrl: string | null | undefined,
  person?: { name: string; email: string },
): string | null {
  if (!pageUrl) return null;
  let url: URL;
  try {
    url = new URL(pageUrl);
  } catch {
    return null;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return null;
  if (person && prefills(url.hostname.toLowerCase())) {
    if (person.name.trim()) url.searchParams.set("name", person.name.trim());
    if (person.email.trim()) url.searchParams.set("email", person.email.trim());
  }
  return url.toString();
}
