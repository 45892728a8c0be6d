import { renderToStaticMarkup } from "react-dom/server";

// The body of every email (app/services/outbox/email.server.ts) from one list of blocks: as plain
// text, and as simple HTML rendered by React, which escapes whatever the visitor typed.

export type Block =
  | { kind: "paragraph"; text: string }
  | { kind: "fields"; rows: [label: string, value: string][] }
  | { kind: "quote"; text: string }
  | { kind: "link"; label: string; url: string | null };

export function renderText(blocks: Block[]): string {
  const parts = blocks.flatMap((block): string[] => {
    switch (block.kind) {
      case "paragraph":
      case "quote":
        return [block.text];
      case "fields":
        return [block.rows.map(([label, value]) => `${label}: ${value}`).join("\n")];
      case "link":
        return block.url ? [`${block.label}: ${block.url}`] : [];
    }
  });
  return `${parts.join("\n\n")}\n`;
}

function HtmlBlock({ block }: { block: Block }) {
  switch (block.kind) {
    case "paragraph":
      return <p>{block.text}</p>;
    case "fields":
      return (
        <table cellPadding={4} style={{ borderCollapse: "collapse" }}>
          <tbody>
            {block.rows.map(([label, value]) => (
              <tr key={label}>
                <th align="left">{label}</th>
                <td>{value}</td>
              </tr>
            ))}
          </tbody>
        </table>
      );
    case "quote":
      return (
        <blockquote style={{ whiteSpace: "pre-wrap", borderLeft: "3px solid #ccc", margin: 0, paddingLeft: 12 }}>
          {block.text}
        </blockquote>
      );
    case "link":
      return block.url ? (
        <p>
          <a href={block.url}>{block.label}</a>
        </p>
      ) : null;
  }
}

export function renderHtml(blocks: Block[]): string {
  const body = renderToStaticMarkup(
    <html>
      <body style={{ fontFamily: "sans-serif", lineHeight: 1.5 }}>
        {blocks.map((block, index) => (
          <HtmlBlock key={index} block={block} />
        ))}
      </body>
    </html>,
  );
  return `<!doctype html>${body}`;
}
