import { useEffect, useRef } from "react";

import { HEADLINE_TYPING_MS } from "~/copy/site";
import { escapeHtml } from "~/lib/html";
import { useNonce } from "~/lib/nonce";

/**
 * Types `heading`'s text one character at a time, every `stepMs`; returns what stops it. The part
 * not yet typed stays in place invisibly, so the text never reflows while typing, and screen
 * readers get the whole text at once. Nothing for visitors who asked for reduced motion, or for a
 * heading typed before.
 *
 * Browser code, also inlined into the page as its source text: it may use nothing from outside.
 */
function typeHeadline(heading: HTMLElement, stepMs: number): () => void {
  const text = heading.textContent ?? "";
  if (!text || heading.hasAttribute("data-typed") || matchMedia("(prefers-reduced-motion: reduce)").matches) {
    return () => {};
  }
  heading.setAttribute("data-typed", "");
  heading.setAttribute("data-typing", "");
  const spoken = document.createElement("span");
  spoken.className = "sr-only";
  spoken.textContent = text;
  const shown = document.createElement("span");
  shown.setAttribute("aria-hidden", "true");
  // The caret is painted at the typed text's end (app.css), not an element: an element moving
  // along the line would count as a layout shift at every character.
  const typed = document.createElement("span");
  typed.className = "typed-caret";
  const rest = document.createElement("span");
  rest.className = "invisible";
  rest.textContent = text;
  shown.append(typed, rest);
  heading.replaceChildren(spoken, shown);

  let count = 0;
  const timer = setInterval(() => {
    count += 1;
    if (count < text.length) {
      typed.textContent = text.slice(0, count);
      rest.textContent = text.slice(count);
      return;
    }
    clearInterval(timer);
    heading.textContent = text;
    heading.removeAttribute("data-typing");
  }, stepMs);
  // Stopped early, the heading gets its text back and may be typed again (React's StrictMode runs
  // an effect twice in development); unless React has put a new text in it meanwhile.
  return () => {
    clearInterval(timer);
    if (!heading.contains(shown)) return;
    heading.textContent = text;
    heading.removeAttribute("data-typing");
    heading.removeAttribute("data-typed");
  };
}

// Public pages hydrate only when the visitor first interacts (app/lib/deferred-hydration.ts), so
// the headline types from a script of its own, run as soon as the browser has read the heading.
const TYPE_AT_LOAD = `(${typeHeadline.toString()})(document.currentScript.previousElementSibling,${HEADLINE_TYPING_MS})`;

/**
 * The hero headline, typed once the page shows. The server renders the whole text (for search
 * engines and visitors without JavaScript); React leaves the heading's content to the typing, on
 * the first page by its inline script, after a client-side navigation by the effect.
 */
export function TypedHeadline({ text, className }: { text: string; className?: string }) {
  const nonce = useNonce();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => (heading.current ? typeHeadline(heading.current, HEADLINE_TYPING_MS) : undefined), [text]);
  return (
    <>
      <h1
        ref={heading}
        className={className}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: escapeHtml(text) }}
      />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: TYPE_AT_LOAD }} />
    </>
  );
}
