import type { ComponentProps } from "react";
import spriteUrl from "./icons.svg?no-inline";

/** The symbols in icons.svg: lucide's drawings (icon.test.ts keeps them equal) and the WhatsApp mark. */
export const ICON_NAMES = [
  "arrow-right",
  "bell",
  "bot",
  "briefcase",
  "chevron-down",
  "circle-check",
  "clipboard-list",
  "clock",
  "database",
  "external-link",
  "eye",
  "mail",
  "mail-open",
  "map-pin",
  "menu",
  "message-circle",
  "messages-square",
  "search",
  "send",
  "share-2",
  "shopping-cart",
  "sparkles",
  "star",
  "trash-2",
  "webhook",
  "workflow",
  "wrench",
  "x",
  "whatsapp",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

/**
 * A decorative icon drawn from one cached sprite file: the public pages show dozens of icons, and
 * inline lucide SVGs repeated each drawing and its attributes in every page's HTML (and a module
 * per icon in the browser's JavaScript). The `icon` class in app.css sets lucide's stroke style.
 */
export function Icon({ name, className, ...props }: { name: IconName } & ComponentProps<"svg">) {
  return (
    <svg aria-hidden="true" className={className ? `icon ${className}` : "icon"} {...props}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
