import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

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
});
