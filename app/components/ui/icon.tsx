import type { ComponentProps } from "react";

import spriteUrl from "./icons.svg?no-inline";

/** The symbols in icons.svg: lucide's drawings (icon.test.ts keeps them equal) and the WhatsApp mark. */
export const ICON_NAMES = [
  "arrow-down",
  "arrow-left",
  "arrow-right",
  "arrow-up",
  "bell",
  "bot",
  "briefcase",
  "building-2",
  "chart-line",
  "check",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "chevrons-left",
  "chevrons-right",
  "circle-alert",
  "circle-check",
  "clipboard-list",
  "clock",
  "copy",
  "database",
  "dollar-sign",
  "download",
  "external-link",
  "eye",
  "file-text",
  "flask-conical",
  "hard-drive",
  "history",
  "image",
  "info",
  "key-round",
  "layout-dashboard",
  "lock-keyhole",
  "log-out",
  "mail",
  "mail-open",
  "mail-x",
  "map-pin",
  "menu",
  "message-circle",
  "message-circle-question",
  "messages-square",
  "mic",
  "package",
  "pencil",
  "percent",
  "plug",
  "plus",
  "rotate-ccw",
  "rotate-cw",
  "scale",
  "search",
  "send",
  "settings",
  "share-2",
  "shield",
  "shield-check",
  "shield-user",
  "shopping-cart",
  "sparkles",
  "square",
  "star",
  "trash-2",
  "triangle-alert",
  "user-round",
  "users",
  "webhook",
  "webhook-off",
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
