import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

import ts from "typescript";
import { expect, it } from "vitest";

// docs/architecture.md, "Visible text": every text a person reads lives in app/copy/, so a second
// language is one folder. This finds the texts a screen still writes inline.

const root = path.resolve(import.meta.dirname, "../..");
const FOLDERS = [
  "app/root.tsx",
  "app/routes",
  "app/middleware",
  "app/components",
  "app/services",
  "app/models",
  "app/lib",
];

// Words no visitor or admin reads in the app (docs/architecture.md, "Visible text"): start-up
// errors for whoever deploys, the log, and the seed's sample content, which is data an admin edits.
const NOT_SHOWN = ["app/lib/env.server.ts", "app/lib/log.server.ts", "app/services/seed.server.ts"];

// Props and object keys whose string is read by a person (or a screen reader).
const VISIBLE_PROP =
  /^(?:label|title|description|placeholder|hint|alt|heading|message|error|aria-label|aria-description|aria-valuetext|question|(?!statusText)[a-z]+(?:Label|Title|Description|Text|Hint|Heading|Message))$/;
// zod checks whose last string argument is the error a person reads.
const ZOD_CHECK = new Set([
  "min",
  "max",
  "length",
  "email",
  "url",
  "regex",
  "refine",
  "nonempty",
  "int",
  "positive",
  "nonnegative",
  "gte",
  "lte",
  "gt",
  "lt",
]);
const HAS_LETTER = /\p{L}/u;
// A capitalised word, then more words or the end: "Access denied", "Cancel".
const SENTENCE = /^\p{Lu}\p{Ll}+(?:[\s,.!?:']|$)/u;
const LOOKS_LIKE_TEXT = /^\p{Lu}|\p{L}\s+\p{L}/u;
// Class lists ("text-lg font-semibold") and heading levels ("h2") are not read by anyone.
const NOT_TEXT = /^(?:h[1-6]|\s*(?:[\w:/.[\]!]*[-:][\w:/.[\]!-]*\s*)+)$/;
// Constructors whose first argument a person reads: a plain-text answer, an admin rule's refusal.
const SHOWN_AS_IS = new Set(["Response", "AdminRuleError"]);
// What <style> and <script> hold is code.
const CODE_ELEMENTS = new Set(["style", "script"]);

function sourceFiles(): string[] {
  return FOLDERS.flatMap((entry) =>
    entry.endsWith(".tsx")
      ? [entry]
      : readdirSync(path.join(root, entry), { recursive: true, encoding: "utf8" })
          .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.includes("+types"))
          .map((file) => path.posix.join(entry, file.split(path.sep).join("/"))),
  );
}

function isString(node: ts.Node): node is ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression {
  return ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateExpression(node);
}

function stringText(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): string {
  return ts.isTemplateExpression(node)
    ? [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(" ")
    : node.text;
}

/** The node an expression's value flows into, past conditionals, `&&`/`??` and parentheses. */
function destination(node: ts.Node): ts.Node {
  let current = node;
  while (
    ts.isParenthesizedExpression(current.parent) ||
    (ts.isConditionalExpression(current.parent) && current.parent.condition !== current) ||
    (ts.isBinaryExpression(current.parent) &&
      [ts.SyntaxKind.AmpersandAmpersandToken, ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken].includes(
        current.parent.operatorToken.kind,
      ))
  ) {
    current = current.parent;
  }
  return current;
}

function isVisibleString(node: ts.StringLiteral | ts.NoSubstitutionTemplateLiteral | ts.TemplateExpression): boolean {
  const text = stringText(node);
  if (!HAS_LETTER.test(text) || NOT_TEXT.test(text)) return false;
  const at = destination(node);
  const parent = at.parent;
  // <p>{"Text"}</p>
  if (ts.isJsxExpression(parent) && ts.isJsxFragment(parent.parent)) return true;
  if (ts.isJsxExpression(parent) && ts.isJsxElement(parent.parent)) {
    return !CODE_ELEMENTS.has(parent.parent.openingElement.tagName.getText());
  }
  // <Field label="Text" /> or label={"Text"}
  const attribute = ts.isJsxExpression(parent) ? parent.parent : parent;
  if (ts.isJsxAttribute(attribute)) return VISIBLE_PROP.test(attribute.name.getText());
  if (!LOOKS_LIKE_TEXT.test(text)) return false;
  // { message: "Text" }: a toast, a zod issue
  if (ts.isPropertyAssignment(parent) && parent.initializer === at) return VISIBLE_PROP.test(parent.name.getText());
  // const title = failed ? "Text" : …, return "Text", () => "Text"
  if (ts.isVariableDeclaration(parent) || ts.isReturnStatement(parent) || ts.isArrowFunction(parent)) {
    return SENTENCE.test(text);
  }
  // new Response("Text"): a body a browser shows as it is; new AdminRuleError("Text"): a toast
  if (ts.isNewExpression(parent) && SHOWN_AS_IS.has(parent.expression.getText()) && parent.arguments?.[0] === at) {
    return true;
  }
  // function describe(error, fallback = "Text")
  if (ts.isParameter(parent) && parent.initializer === at) return SENTENCE.test(text);
  // throw data("Text", { status: 404 }): the error page's detail
  if (ts.isCallExpression(parent) && parent.expression.getText() === "data" && parent.arguments[0] === at) return true;
  // z.string().min(1, "Text")
  if (ts.isCallExpression(parent) && parent.arguments.includes(at as ts.Expression)) {
    const callee = parent.expression;
    return ts.isPropertyAccessExpression(callee) && ZOD_CHECK.has(callee.name.text);
  }
  return false;
}

/** file:line and the text of every inline visible text in `file`. */
function inlineTexts(file: string, text = readFileSync(path.join(root, file), "utf8")): string[] {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: string[] = [];
  const report = (node: ts.Node, value: string) => {
    const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    found.push(`${file}:${line} ${JSON.stringify(value.trim().replace(/\s+/g, " "))}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && HAS_LETTER.test(node.text)) report(node, node.text);
    else if (isString(node) && isVisibleString(node)) report(node, stringText(node));
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it("finds inline texts of every kind the rule names, and no code", () => {
  const sample = [
    'const S = z.object({ name: z.string().min(1, "Name is required") });',
    'const t = { message: "Saved!", statusText: "Not Found" };',
    'const title = failed ? "Access denied" : ok;',
    "throw data(`This ${what} does not exist.`, { status: 404 });",
    'throw new Response("Not found", { status: 404 });',
    'function describe(error, fallback = "Try again.") {}',
    'export const C = () => <div title="Tip">Hello <b>{ok ? "Yes" : "No"}</b><span className="sr-only"> unread</span></div>;',
    'export const D = () => <Card heading="h2" className="flex p-2" aria-label="Search"><style>{`:root{${theme}}`}</style></Card>;',
  ].join("\n");
  expect(inlineTexts("sample.tsx", sample).map((entry) => entry.replace(/^sample\.tsx:\d+ /, ""))).toEqual([
    '"Name is required"',
    '"Saved!"',
    '"Access denied"',
    '"This does not exist."',
    '"Not found"',
    '"Try again."',
    '"Tip"',
    '"Hello"',
    '"Yes"',
    '"No"',
    '"unread"',
    '"Search"',
  ]);
});

it("keeps every visible text of app/ in app/copy/", () => {
  const skipped = NOT_SHOWN;
  const files = sourceFiles().filter(
    (file) => !skipped.some((entry) => file === entry || (entry.endsWith("/") && file.startsWith(entry))),
  );
  expect(files.length).toBeGreaterThan(100);
  expect(files.flatMap((file) => inlineTexts(file))).toEqual([]);
});
