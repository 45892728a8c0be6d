import { describe, expect, it } from "vitest";

import { inlineScript, parseAttributes, safeStyleText, splitEmbedCode } from "./embed-code";

describe("splitEmbedCode", () => {
  it("separates the markup from the scripts, keeping their attributes and order", () => {
    const embed = splitEmbedCode(
      `<elevenlabs-convai agent-id="abc"></elevenlabs-convai>
<script src="https://unpkg.com/widget.js?a=1&amp;b=2" async type="text/javascript"></script>
<script>window.ready = true;</script>`,
    );
    expect(embed?.markup).toBe('<elevenlabs-convai agent-id="abc"></elevenlabs-convai>');
    expect(embed?.scripts).toEqual([
      { attributes: { src: "https://unpkg.com/widget.js?a=1&b=2", async: "", type: "text/javascript" }, content: "" },
      { attributes: {}, content: "window.ready = true;" },
    ]);
  });

  it("handles upper case tags, a '>' inside a quoted attribute, and drops foreign nonces", () => {
    const embed = splitEmbedCode(`<SCRIPT data-x='a>b' nonce="stale">go()</SCRIPT ><div>hi</div>`);
    expect(embed).toEqual({ markup: "<div>hi</div>", scripts: [{ attributes: { "data-x": "a>b" }, content: "go()" }] });
  });

  it("answers null for missing or blank code", () => {
    expect(splitEmbedCode(null)).toBeNull();
    expect(splitEmbedCode("  \n")).toBeNull();
  });

  it("keeps markup without scripts as it is", () => {
    expect(splitEmbedCode('<iframe src="https://voice.example/agent" title="Voice agent"></iframe>')).toEqual({
      markup: '<iframe src="https://voice.example/agent" title="Voice agent"></iframe>',
      scripts: [],
    });
  });
});

describe("parseAttributes", () => {
  it("reads quoted, unquoted and valueless attributes", () => {
    expect(parseAttributes(` src=/a.js defer data-id="7" data-name='x y'`)).toEqual({
      src: "/a.js",
      defer: "",
      "data-id": "7",
      "data-name": "x y",
    });
  });
});

describe("inlineScript and safeStyleText", () => {
  it("wraps custom JS as one script, or none when blank", () => {
    expect(inlineScript("console.log(1)")).toEqual([{ attributes: {}, content: "console.log(1)" }]);
    expect(inlineScript(" ")).toEqual([]);
    expect(inlineScript(null)).toEqual([]);
  });

  it("keeps CSS from closing its style element", () => {
    expect(safeStyleText("a > b { color: red }</style><script>x()</script>")).toBe(
      "a > b { color: red }<\\/style><script>x()</script>",
    );
  });
});
