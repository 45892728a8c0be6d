import { readFileSync } from "node:fs";
import path from "node:path";

// Tests assert the product's words, not the app's own constants: a literal a test expects on a
// screen must be written in docs/product.md, so a wrong text in the app (or the spec) is caught.

const PRODUCT = readFileSync(path.resolve(import.meta.dirname, "../../docs/product.md"), "utf8");
// The spec quotes literals in 'single quotes', in tables, or in running text; curly and straight
// apostrophes count as one.
const normalise = (text: string) => text.replaceAll(/[\u2018\u2019]/g, "'").replace(/\s+/g, " ");
const SPEC = normalise(PRODUCT);

/** Returns `literal` when docs/product.md contains it word for word; throws otherwise. */
export function productText(literal: string): string {
  if (!SPEC.includes(normalise(literal))) {
    throw new Error(`"${literal}" is not a literal text of docs/product.md`);
  }
  return literal;
}

/**
 * A text the spec gives as a pattern, e.g. productText.pattern("Failed to create webhook: ...",
 * "a reason"): the spec must contain `pattern`; returns it with its placeholder (`...` or
 * `{name}`) replaced by `value`.
 */
productText.pattern = (pattern: string, value: string): string =>
  productText(pattern).replace(/\.\.\.|\{[^}]+\}/, value);
