// What an address reads once it has been refused at one form again and again: a plain text, sent
// with Retry-After before any page is rendered (docs/decisions/029-repeated-refusals.md).
export const repeatedRefusalText = (minutes: number) =>
  `Too many attempts from your address. Please wait ${minutes} minute${minutes === 1 ? "" : "s"} and try again.`;
