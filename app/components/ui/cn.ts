/**
 * Joins class names, skipping empty ones. It does not resolve conflicts (tailwind-merge did, for
 * 8 kB of JavaScript on every page): a component offers a variant or a size rather than letting a
 * caller's class override one of its own.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}
