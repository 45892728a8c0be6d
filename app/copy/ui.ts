// The texts of the small primitives (components/ui/) that the site and the admin share.

export const UI_TEXTS = {
  close: "Close",
  dismissNotification: "Dismiss notification",
} as const;
