// A field people never see and bots fill in (the idea of Epic Stack's honeypot, without the
// dependency). Public forms render <HoneypotField /> and their actions refuse a filled one.

export const HONEYPOT_FIELD = "name__confirm";

export function isHoneypotFilled(formData: FormData): boolean {
  const value = formData.get(HONEYPOT_FIELD);
  return typeof value === "string" ? value.length > 0 : value !== null;
}
