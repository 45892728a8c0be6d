import { useState } from "react";

import { Icon } from "~/components/ui/icon";
import { useHydrated } from "~/lib/hydrated";

import { Button } from "./button";

/**
 * Copies `text` to the clipboard. Copying needs JavaScript: without it the button is left out,
 * and the text beside it is there to select and copy by hand.
 */
export function CopyButton({ text, label, copiedLabel }: { text: string; label: string; copiedLabel: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated) return null;
  return (
    <Button
      type="button"
      variant="secondary"
      size="sm"
      onClick={() => {
        void navigator.clipboard.writeText(text).then(() => setCopied(true));
      }}
    >
      <Icon name={copied ? "check" : "copy"} className="size-4" />
      <span aria-live="polite">{copied ? copiedLabel : label}</span>
    </Button>
  );
}
