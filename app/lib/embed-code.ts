// Admin-provided HTML snippets (the voice-agent embed, custom JS) contain <script> tags. Scripts
// inside innerHTML never run, and under the CSP only scripts our own nonced bundle creates may
// run ('strict-dynamic'). So a snippet is split on the server: its markup is rendered as HTML,
// its scripts are re-created one by one in the browser (see components/site/trusted-code.tsx).

export interface EmbedScript {
  attributes: Record<string, string>;
  content: string;
}

export interface EmbedCode {
  markup: string;
  scripts: EmbedScript[];
}

const SCRIPT_TAG = /<script\b((?:[^>"']|"[^"]*"|'[^']*')*)>([\s\S]*?)<\/script\s*>/gi;
const ATTRIBUTE = /([^\s"'<>/=]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g;
const ENTITIES: Record<string, string> = { amp: "&", quot: '"', apos: "'", lt: "<", gt: ">", "#39": "'" };

function decodeEntities(value: string): string {
  return value.replace(/&(amp|quot|apos|lt|gt|#39);/g, (_match, name: string) => ENTITIES[name]);
}

export function parseAttributes(source: string): Record<string, string> {
  const attributes: Record<string, string> = {};
  for (const [, name, doubleQuoted, singleQuoted, bare] of source.matchAll(ATTRIBUTE)) {
    const key = name.toLowerCase();
    // A nonce copied from elsewhere would be wrong for this page; created scripts need none.
    if (key === "nonce") continue;
    attributes[key] = decodeEntities(doubleQuoted ?? singleQuoted ?? bare ?? "");
  }
  return attributes;
}

export function splitEmbedCode(code: string | null | undefined): EmbedCode | null {
  if (!code?.trim()) return null;
  const scripts: EmbedScript[] = [];
  const markup = code
    .replace(SCRIPT_TAG, (_match, attributes: string, content: string) => {
      scripts.push({ attributes: parseAttributes(attributes), content });
      return "";
    })
    .trim();
  return { markup, scripts };
}

/** Custom JS from the integrations is one inline script. */
export function inlineScript(code: string | null | undefined): EmbedScript[] {
  return code?.trim() ? [{ attributes: {}, content: code }] : [];
}

/** Admin CSS goes into a <style> element: it must not be able to close that element early. */
export function safeStyleText(css: string): string {
  return css.replace(/<\/(style)/gi, "<\\/$1");
}
