import { BROWSER_HEADERS } from "./http";

export interface CatalogueSample {
  serviceId: string;
  serviceName: string;
  /** A word of that service's name: `/services?q=<word>` finds it. */
  searchWord: string;
}

const SERVICE_OPTION = /<option value="([0-9a-f-]{36})"[^>]*>([^<]+)</g;

/** A real active service and a search word, read from the order form's service choices. */
export async function sampleCatalogue(baseUrl: string): Promise<CatalogueSample> {
  const html = await fetch(`${baseUrl}/order`, { headers: BROWSER_HEADERS }).then((r) => r.text());
  const [first] = html.matchAll(SERVICE_OPTION);
  if (!first) throw new Error("No service found in /order's service choices: is the demo content seeded?");
  // The option reads "Name - $price"; HTML-escaped as the services page escapes it too.
  const htmlName = first[2].split(" - ")[0].trim();
  const searchWord = htmlName
    .split(/[^A-Za-z]+/)
    .sort((a, b) => b.length - a.length)[0]
    .toLowerCase();
  const results = await fetch(`${baseUrl}/services?q=${encodeURIComponent(searchWord)}`, {
    headers: BROWSER_HEADERS,
  }).then((r) => r.text());
  if (!results.includes(htmlName)) throw new Error(`/services?q=${searchWord} does not list "${htmlName}"`);
  return { serviceId: first[1], serviceName: htmlName.replaceAll("&amp;", "&"), searchWord };
}
