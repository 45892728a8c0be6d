import { describe, expect, it } from "vitest";

import { renderChatReplyMarkdown, renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("renders headings, lists and links", () => {
    const html = renderMarkdown("## Data\n\n- **Orders**\n\n[terms](/terms)");
    expect(html).toContain("<h2>Data</h2>");
    expect(html).toContain("<li><strong>Orders</strong></li>");
    expect(html).toContain('<a href="/terms">terms</a>');
  });

  it("escapes HTML and refuses script links", () => {
    const html = renderMarkdown('<script>alert(1)</script> <img src=x onerror="alert(2)">\n\n[x](javascript:alert(3))');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain('href="javascript:');
  });

  it("shows a refused link or image as its label, without the address, and keeps the others", () => {
    expect(renderMarkdown("[x](javascript:alert(3)) and [terms](/terms)")).toBe(
      '<p>x and <a href="/terms">terms</a></p>\n',
    );
    expect(renderMarkdown("![a chart](javascript:alert(1)) [file](file:///etc/passwd) [y][r]\n\n[r]: vbscript:x")).toBe(
      "<p>a chart file y</p>\n",
    );
    expect(renderMarkdown("[mail](mailto:hi@example.com)")).toBe('<p><a href="mailto:hi@example.com">mail</a></p>\n');
  });
});

describe("renderChatReplyMarkdown", () => {
  it("renders paragraphs, lists, emphasis and code", () => {
    const html = renderChatReplyMarkdown(
      "**Bold** and *italic*\nnext line\n\n- one\n- two\n\n1. first\n\nRun `npm test`:\n\n```\nnpm test\n```",
    );
    expect(html).toContain("<p><strong>Bold</strong> and <em>italic</em><br>\nnext line</p>");
    expect(html).toContain("<ul>\n<li>one</li>\n<li>two</li>\n</ul>");
    expect(html).toContain("<ol>\n<li>first</li>\n</ol>");
    expect(html).toContain("<p>Run <code>npm test</code>:</p>");
    expect(html).toContain("<pre><code>npm test\n</code></pre>");
  });

  it("escapes HTML", () => {
    const html = renderChatReplyMarkdown('<script>alert(1)</script> <img src=x onerror="alert(2)">');
    expect(html).not.toContain("<script");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("opens http(s) and mailto links in a new tab and links nothing else", () => {
    expect(renderChatReplyMarkdown("[x](https://example.com)")).toBe(
      '<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">x</a></p>\n',
    );
    expect(renderChatReplyMarkdown("[mail](mailto:hello@example.com)")).toContain(
      '<a href="mailto:hello@example.com" target="_blank" rel="noopener noreferrer">mail</a>',
    );
    expect(renderChatReplyMarkdown("see http://example.com/a")).toContain(
      '<a href="http://example.com/a" target="_blank" rel="noopener noreferrer">http://example.com/a</a>',
    );
    for (const source of [
      "[x](javascript:alert(1))",
      "[x](JavaScript:alert(1))",
      // An allowed scheme later in the address does not make it allowed: the scheme is its start.
      "[click](javascript:alert(1)//https://x)",
      "[x](data:text/html,mailto:a@example.com)",
      "![x](javascript:alert(1)//http://x.png)",
      "<javascript:alert(1)>",
      "[x][ref]\n\n[ref]: javascript:alert(1)",
      "[x](data:text/html,<script>alert(1)</script>)",
      "[x](/admin)",
      "[x](ftp://example.com)",
    ]) {
      const html = renderChatReplyMarkdown(source);
      expect(html, source).not.toContain("<a");
      expect(html, source).not.toContain("href");
    }
  });

  it("shows a refused link as its label, escaped, without the address", () => {
    expect(renderChatReplyMarkdown("[click](javascript:alert(1))")).toBe("<p>click</p>\n");
    expect(renderChatReplyMarkdown("[click](javascript:alert(1)//https://x)")).toBe("<p>click</p>\n");
    expect(renderChatReplyMarkdown("Go [**here** <b>now</b>](data:text/html,<script>alert(1)</script>) please")).toBe(
      "<p>Go <strong>here</strong> &lt;b&gt;now&lt;/b&gt; please</p>\n",
    );
    expect(renderChatReplyMarkdown("[x][ref] and [y](/admin)\n\n[ref]: vbscript:msgbox(1)")).toBe("<p>x and y</p>\n");
    expect(renderChatReplyMarkdown("![pic](javascript:alert(1))")).toBe("<p>pic</p>\n");
    // A refused link beside an allowed one: each keeps its own fate.
    expect(renderChatReplyMarkdown("[a](javascript:alert(1)) [b](https://example.com) [c](ftp://example.com)")).toBe(
      '<p>a <a href="https://example.com" target="_blank" rel="noopener noreferrer">b</a> c</p>\n',
    );
  });

  it("renders an image as a link to it, never as <img>", () => {
    expect(renderChatReplyMarkdown("![i](https://example.com/a.png)")).toBe(
      '<p><a href="https://example.com/a.png" target="_blank" rel="noopener noreferrer">i</a></p>\n',
    );
    const linked = renderChatReplyMarkdown("[![logo](https://example.com/a.png)](https://example.com)");
    expect(linked).toBe('<p><a href="https://example.com" target="_blank" rel="noopener noreferrer">logo</a></p>\n');
    for (const source of ["![](https://example.com/a.png)", "![x](data:image/png;base64,iVBORw0KGgo=)"]) {
      expect(renderChatReplyMarkdown(source), source).not.toContain("<img");
    }
  });
});
