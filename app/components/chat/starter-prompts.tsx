import { Link } from "react-router";

import { cn } from "~/components/ui/cn";
import { Icon } from "~/components/ui/icon";
import { CHAT_STARTERS } from "~/copy/chat";

// The admin's starter prompts (Settings → Chat), before the visitor's first message.
// With `onPick` (the widget) each is a button that sends the prompt at once; without it, a link
// that opens the /chat page with the prompt in its message box, which works without JavaScript.

const PROMPT =
  "inline-flex max-w-full items-center gap-1.5 rounded-full border border-brand/40 bg-white px-3 py-1.5 text-left text-sm text-slate-800 shadow-sm hover:border-brand hover:bg-brand/5 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand/40";

/** Where a prompt's link leads: /chat with the prompt in its message box, scrolled to the box. */
export function starterPromptHref(prompt: string): string {
  return `/chat?${new URLSearchParams({ message: prompt })}#chat-form`;
}

export function StarterPrompts({
  prompts,
  onPick,
  disabled,
  className,
}: {
  prompts: readonly string[];
  onPick?: (text: string) => void;
  /** The buttons only: while a message is on its way. */
  disabled?: boolean;
  className?: string;
}) {
  if (prompts.length === 0) return null;
  return (
    <ul aria-label={CHAT_STARTERS.label} className={cn("flex flex-wrap gap-2", className)}>
      {prompts.map((prompt) => (
        <li key={prompt} className="max-w-full">
          {onPick ? (
            <button type="button" className={PROMPT} disabled={disabled} onClick={() => onPick(prompt)}>
              <Icon name="message-circle-question" className="size-4 shrink-0 text-brand" />
              <span className="min-w-0 break-words">{prompt}</span>
            </button>
          ) : (
            <Link to={starterPromptHref(prompt)} className={PROMPT}>
              <Icon name="message-circle-question" className="size-4 shrink-0 text-brand" />
              <span className="min-w-0 break-words">{prompt}</span>
            </Link>
          )}
        </li>
      ))}
    </ul>
  );
}
