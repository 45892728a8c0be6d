import { useLayoutEffect, useState } from "react";
import { HEADLINE_TYPING_MS } from "~/copy/site";

/**
 * The hero headline, typed one character at a time once the page is interactive. The server
 * renders the whole headline (for search engines and visitors without JavaScript), and the part
 * not yet typed stays in place invisibly, so the text never reflows while typing.
 */
export function TypedHeadline({ text, className }: { text: string; className?: string }) {
  const [typed, setTyped] = useState<number | null>(null);

  useLayoutEffect(() => {
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches || !text) return;
    let count = 0;
    setTyped(0);
    const timer = setInterval(() => {
      count += 1;
      if (count >= text.length) {
        clearInterval(timer);
        setTyped(null);
      } else {
        setTyped(count);
      }
    }, HEADLINE_TYPING_MS);
    return () => {
      clearInterval(timer);
      setTyped(null);
    };
  }, [text]);

  if (typed === null) return <h1 className={className}>{text}</h1>;
  return (
    <h1 className={className} data-typing="">
      <span className="sr-only">{text}</span>
      <span aria-hidden>
        {text.slice(0, typed)}
        {/* An inline (not inline-block) anchor: an atomic box would let the line break mid-word. */}
        <span className="relative">
          <span className="absolute left-0 top-[0.15em] h-[0.85em] w-[3px] animate-pulse rounded-full bg-current" />
        </span>
        <span className="invisible">{text.slice(typed)}</span>
      </span>
    </h1>
  );
}
