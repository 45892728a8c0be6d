import MarkdownIt, { type StateCore, type Token } from "markdown-it";

// Markdown rendered on the server, so the browser loads no markdown code and shows the same
// markup with JavaScript off. html: false makes markdown-it escape any HTML in the text, so the
// result can be inserted into the page as it is.

/**
 * Shows each link (and image) whose address `allowed` refuses as its label, as text. Left to
 * markdown-it's own check, a refused link stays as its markdown source, "[click](javascript:…)",
 * address and all: so the parser takes every address, and this rule, which sees each rendered
 * one, drops the refused. Images are checked too, as they would load their address.
 */
function refusedLinksAsText(md: InstanceType<typeof MarkdownIt>, allowed: (address: string) => boolean): void {
  md.validateLink = () => true;
  md.core.ruler.push("refused_links_as_text", (state) => {
    for (const block of state.tokens) {
      if (block.type !== "inline" || !block.children) continue;
      // Whether each open link is kept, so that its close goes with it (links do not nest).
      let kept = true;
      block.children = block.children.flatMap((token) => {
        if (token.type === "image")
          return allowed(String(token.attrGet("src") ?? "")) ? [token] : (token.children ?? []);
        if (token.type === "link_open") kept = allowed(String(token.attrGet("href") ?? ""));
        return (token.type === "link_open" || token.type === "link_close") && !kept ? [] : [token];
      });
    }
  });
}

// The admin's privacy policy and terms: every address markdown-it's own check allows (it refuses
// javascript:, vbscript:, file: and data: except images), refused ones shown as their label.
const legalMarkdown = new MarkdownIt({ html: false, linkify: true, typographer: true });
refusedLinksAsText(legalMarkdown, legalMarkdown.validateLink.bind(legalMarkdown));

export function renderMarkdown(source: string): string {
  return legalMarkdown.render(source);
}

// The chat bot's replies (docs/product.md, Chat widget): the text comes from a webhook, that is
// from outside, so it gets a stricter renderer than the admin's pages. breaks: a reply's single
// line breaks are meant as such, the way chat apps show them.
const chatReplyMarkdown = new MarkdownIt({ html: false, linkify: true, breaks: true });

// Only addresses with these schemes become links; a link with any other (or none: a relative
// address would point into this site) is shown as its label, as text.
const CHAT_LINK_SCHEME = /^(https?|mailto):/i;

// A reply must not make the visitor's browser load a remote image (a tracking pixel, or a
// picture the agency never saw): an image becomes a link to it, its alt text as the link's text.
chatReplyMarkdown.core.ruler.push("chat_images_as_links", (state) => {
  for (const block of state.tokens) {
    if (block.type !== "inline" || !block.children) continue;
    let linkDepth = 0;
    block.children = block.children.flatMap((token) => {
      if (token.type === "link_open") linkDepth++;
      if (token.type === "link_close") linkDepth--;
      return token.type === "image" ? imageAsLink(state, token, linkDepth > 0) : [token];
    });
  }
});

function imageAsLink(state: StateCore, image: Token, insideLink: boolean): Token[] {
  const src = String(image.attrGet("src") ?? "");
  let label = image.children ?? [];
  if (label.length === 0) {
    const text = new state.Token("text", "", 0);
    text.content = src;
    label = [text];
  }
  // A link inside a link is not valid HTML: within one, the image is only its text.
  if (insideLink) return label;
  const open = new state.Token("link_open", "a", 1);
  open.attrSet("href", src);
  return [open, ...label, new state.Token("link_close", "a", -1)];
}

// After chat_images_as_links, whose links carry the image's address.
refusedLinksAsText(chatReplyMarkdown, (address) => CHAT_LINK_SCHEME.test(address));

// Links leave the chat for a new tab, and the page they open gets no handle on this one
// (noopener) nor learns where the visitor came from (noreferrer).
chatReplyMarkdown.renderer.rules.link_open = (tokens, idx, options, _env, self) => {
  tokens[idx].attrSet("target", "_blank");
  tokens[idx].attrSet("rel", "noopener noreferrer");
  return self.renderToken(tokens, idx, options);
};

/** A bot reply as HTML: escaped, links only to http(s) and mailto (others as their label), images as links. */
export function renderChatReplyMarkdown(source: string): string {
  return chatReplyMarkdown.render(source);
}
