import MarkdownIt from "markdown-it";

// The admin's privacy policy and terms, rendered on the server. html: false makes markdown-it
// escape any HTML in the text, and its link check refuses javascript:, vbscript: and data:
// addresses (except images), so the result can be inserted into the page as it is.
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: true });

export function renderMarkdown(source: string): string {
  return markdown.render(source);
}
