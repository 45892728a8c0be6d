// Public pages hydrate on the visitor's first interaction instead of at load: every
// public screen works without JavaScript, so until then the page is the server's page, and a
// visitor who only reads never downloads React. The server makes the framework's scripts inert
// (deferred-hydration.server.ts); the inline script of `startHydrationOnInteraction` brings them
// back when the visitor first touches, points, scrolls or types, or when a form control changes by
// any other means (autofill, assistive technology, a script, the browser restoring it on Back).

/** The `handle` of a route whose pages hydrate on interaction (the public layout). */
export const HYDRATE_ON_INTERACTION = { hydrateOnInteraction: true } as const;

export function hydratesOnInteraction(handles: readonly unknown[]): boolean {
  return handles.some((handle) => typeof handle === "object" && handle !== null && "hydrateOnInteraction" in handle);
}

/** The type React Router's module script gets while inert: not JavaScript, so the browser skips it. */
export const INERT_MODULE_TYPE = "text/x-hydrate-on-interaction";

/** The attribute a modulepreload link gets in place of its `rel` while inert. */
export const INERT_PRELOAD_ATTRIBUTE = "data-modulepreload";

/**
 * Set on a chat opener clicked before hydration, and the name of the event then dispatched on the
 * document: the chat widget opens the chat once it is there.
 */
export const PENDING_CHAT_ATTRIBUTE = "data-open-chat-pending";

/**
 * A chat opener is a link to the chat page, where the chat works without the widget: a visitor
 * whose click is still waiting for the page's scripts after this long follows the link after all.
 */
const PENDING_CHAT_FALLBACK_MS = 10_000;

/**
 * Browser code, inlined into the page as its source text: it may use nothing from outside itself.
 * The trusted code the admin adds (custom JS, a voice-agent embed) runs through React, so a page
 * with any starts at once, as every page did before.
 */
function startHydrationOnInteraction(
  inertModuleType: string,
  inertPreloadAttribute: string,
  pendingChatAttribute: string,
  fallbackMs: number,
) {
  // `input` and `change`: a control changed without a pointer, key or focus (autofill, assistive
  // technology, a script) changes what the page must show beside it.
  const triggers = [
    "pointerdown",
    "pointermove",
    "touchstart",
    "keydown",
    "focusin",
    "scroll",
    "wheel",
    "input",
    "change",
  ];
  let started = false;
  function start(event?: Event) {
    // Chromium moves a resting pointer of its own accord when the layout under it changes.
    const moved = event as MouseEvent | undefined;
    if (moved?.type === "pointermove" && !moved.movementX && !moved.movementY) return;
    if (started) return;
    started = true;
    for (const type of triggers) removeEventListener(type, start, true);
    for (const inert of document.querySelectorAll(`link[${inertPreloadAttribute}]`)) {
      const link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = inert.getAttribute("href") ?? "";
      inert.replaceWith(link);
    }
    const inert = document.querySelector<HTMLScriptElement>(`script[type="${inertModuleType}"]`);
    if (!inert) return;
    const script = document.createElement("script");
    script.type = "module";
    script.nonce = inert.nonce;
    script.text = inert.text;
    inert.replaceWith(script);
  }
  /** Whether a control holds something other than the page's markup gave it, without any event. */
  function changedSilently() {
    for (const control of document.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>(
      "input,select,textarea",
    )) {
      if (control instanceof HTMLSelectElement) {
        let initial = control.multiple ? -1 : 0;
        for (const option of control.options) if (option.defaultSelected) initial = option.index;
        if (
          control.multiple
            ? [...control.options].some((o) => o.selected !== o.defaultSelected)
            : control.selectedIndex !== initial
        ) {
          return true;
        }
      } else if (control instanceof HTMLInputElement && (control.type === "checkbox" || control.type === "radio")) {
        if (control.checked !== control.defaultChecked) return true;
      } else if (control.type !== "file" && control.value !== control.defaultValue) {
        return true;
      }
    }
    return false;
  }
  function startIfChanged() {
    if (changedSilently()) start();
  }
  if (document.querySelector("[data-custom-js],[data-voice-agent-embed]")) return start();
  for (const type of triggers) addEventListener(type, start, { capture: true, passive: true });
  // The browser restores a form's values on Back and reload without an event: by the end of parsing
  // or, from the back/forward cache, at pageshow.
  startIfChanged();
  document.addEventListener("DOMContentLoaded", startIfChanged);
  addEventListener("pageshow", startIfChanged);

  // Bubbling, so that once hydrated the chat widget's own listener (capture) has handled the click.
  document.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const opener =
      event.target instanceof Element ? event.target.closest<HTMLAnchorElement>("a[data-open-chat]") : null;
    if (!opener) return;
    event.preventDefault();
    opener.setAttribute(pendingChatAttribute, "");
    // For a widget that is there already but came too late for this click.
    document.dispatchEvent(new Event(pendingChatAttribute));
    start();
    setTimeout(() => {
      if (!opener.hasAttribute(pendingChatAttribute)) return;
      opener.removeAttribute(pendingChatAttribute);
      location.assign(opener.href);
    }, fallbackMs);
  });
}

/** The inline script that waits for the visitor's first interaction (rendered by app/root.tsx). */
export const HYDRATE_ON_INTERACTION_SCRIPT = `(${startHydrationOnInteraction.toString()})(${[
  INERT_MODULE_TYPE,
  INERT_PRELOAD_ATTRIBUTE,
  PENDING_CHAT_ATTRIBUTE,
  PENDING_CHAT_FALLBACK_MS,
]
  .map((value) => JSON.stringify(value))
  .join(",")})`;
