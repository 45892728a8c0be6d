import { twMerge } from "tailwind-merge";

/**
 * Joins class names, skipping empty ones. Of two classes that set the same thing (`px-4` and a
 * caller's `px-6`), the later one is kept, whatever order the stylesheet has them in.
 */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return twMerge(classes);
}
