import { UTM_FIELDS } from "~/lib/chat";

// The metadata, from the browser: the page a message is written on, and the UTM
// parameters the visit arrived with, kept for the visit (the tab) since later pages lose them.

const UTM_KEY = "chat-visit-utm";

/** Remembers the landing address's UTM parameters, once per visit. */
export function rememberVisitUtm(search: string): void {
  try {
    if (sessionStorage.getItem(UTM_KEY)) return;
    const params = new URLSearchParams(search);
    const utm = Object.fromEntries(
      UTM_FIELDS.flatMap((key) => {
        const value = params.get(`utm_${key}`);
        return value ? [[key, value]] : [];
      }),
    );
    if (Object.keys(utm).length > 0) sessionStorage.setItem(UTM_KEY, JSON.stringify(utm));
  } catch {
    // Storage blocked: the messages go without UTM parameters.
  }
}

/** Adds the page and the visit's UTM parameters to a chat message's form. */
export function addVisitFields(form: FormData, page: string): void {
  form.set("page", page);
  try {
    const utm = JSON.parse(sessionStorage.getItem(UTM_KEY) ?? "{}") as Record<string, string>;
    for (const key of UTM_FIELDS) if (typeof utm[key] === "string") form.set(`utm.${key}`, utm[key]);
  } catch {
    // Storage blocked or its value not ours: no UTM parameters.
  }
}
