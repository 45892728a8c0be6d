import { useMemo, useSyncExternalStore } from "react";
import { HEADLINE_TYPING_MS } from "~/copy/site";

/**
 * How much of `text` is typed, as a store React subscribes to: 0 when typing starts, one more
 * character every HEADLINE_TYPING_MS, and null once the whole text shows. Null from the start for
 * visitors who asked for reduced motion, and for an empty text.
 */
function typewriter(text: string) {
  let typed: number | null | undefined;
  const restart = () => {
    typed = text && !window.matchMedia("(prefers-reduced-motion: reduce)").matches ? 0 : null;
    return typed;
  };
  return {
    getSnapshot: () => (typed === undefined ? restart() : typed),
    subscribe(onChange: () => void) {
      if (restart() === null) return () => {};
      onChange();
      const timer = setInterval(() => {
        const next = (typed ?? 0) + 1;
        typed = next < text.length ? next : null;
        if (typed === null) clearInterval(timer);
        onChange();
      }, HEADLINE_TYPING_MS);
      return () => clearInterval(timer);
    },
  };
}

// The server (and hydration) render the whole headline: for search engines and visitors without
// JavaScript.
const typedOnServer = () => null;

/**
 * The hero headline, typed one character at a time once the page is interactive. The part not
 * yet typed stays in place invisibly, so the text never reflows while typing.
 */
export function TypedHeadline({ text, className }: { text: string; className?: string }) {
  const store = useMemo(() => typewriter(text), [text]);
  const typed = useSyncExternalStore(store.subscribe, store.getSnapshot, typedOnServer);

  if (typed === null) return <h1 className={className}>{text}</h1>;
  return (
    <h1 className={className} data-typing="">
      <span className="sr-only">{text}</span>
      <span aria-hidden>
        {/* The caret is painted at the typed text's end (app.css), not an element: an element
            moving along the line would count as a layout shift at every character. */}
        <span className="typed-caret">{text.slice(0, typed)}</span>
        <span className="invisible">{text.slice(typed)}</span>
      </span>
    </h1>
  );
}
