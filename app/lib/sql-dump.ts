// What a plain dump from `npm run db:backup` (pg_dump --no-owner --no-privileges) is made of,
// checked before a restore runs any of it: a file with anything else (a COPY to a file or a
// program, a query that runs for an hour) is not a backup this site made.

/** Statements pg_dump writes, after whitespace is folded to single spaces. */
const DUMP_STATEMENTS = [
  /^SET [\w.]+ (?:=|TO) /i,
  /^SELECT pg_catalog\.set_config\('search_path', '', false\)$/i,
  /^SELECT pg_catalog\.setval\('[^']+', \d+, (?:true|false)\)$/i,
  /^CREATE (?:SCHEMA|TABLE|SEQUENCE|(?:UNIQUE )?INDEX|FUNCTION|TRIGGER|EXTENSION|TYPE|VIEW|POLICY) /i,
  /^ALTER (?:TABLE|SEQUENCE|SCHEMA|FUNCTION|TYPE|INDEX) /i,
  /^COMMENT ON /i,
];
/** A row as pg_dump writes it (this site's backups use INSERTs): literals only, strings shown as ''. */
const INSERT_ROW =
  /^INSERT INTO [\w."]+(?: \([^)]*\))? VALUES \((?: ?(?:E?''|-?[\d.]+(?:e[+-]?\d+)?|NULL|true|false) ?,?)*\)$/i;
/** The one form of COPY a dump has: rows that follow it in the file, up to a line `\.`. */
const COPY_FROM_STDIN = /^COPY [\w."]+(?: \([^)]*\))? FROM stdin$/i;

/** The end of the quoted text or comment starting at `start`, or of the text when it is not closed. */
function skipQuoted(sql: string, start: number): number {
  const rest = sql.slice(start);
  if (rest.startsWith("--")) {
    const end = sql.indexOf("\n", start);
    return end === -1 ? sql.length : end + 1;
  }
  if (rest.startsWith("/*")) {
    const end = sql.indexOf("*/", start + 2);
    return end === -1 ? sql.length : end + 2;
  }
  const dollar = /^\$(?:[A-Za-z_]\w*)?\$/.exec(rest);
  if (dollar) {
    const end = sql.indexOf(dollar[0], start + dollar[0].length);
    return end === -1 ? sql.length : end + dollar[0].length;
  }
  const quote = sql[start];
  const backslashes = quote === "'" && /[eE]/.test(sql[start - 1] ?? "");
  for (let at = start + 1; at < sql.length; at++) {
    if (backslashes && sql[at] === "\\") at++;
    else if (sql[at] === quote) {
      if (sql[at + 1] !== quote) return at + 1;
      at++;
    }
  }
  return sql.length;
}

/**
 * Why `dump` is not a dump of this site's kind, or null when every statement is one pg_dump
 * writes. Quoted text, dollar-quoted bodies and comments are read as such, and a COPY's rows are
 * skipped.
 */
export function dumpProblem(dump: string): string | null {
  let at = 0;
  let statementStart = 0;
  let text = "";
  /** The statement with each quoted string as '': what INSERT_ROW reads. */
  let shape = "";
  while (at < dump.length) {
    const char = dump[at];
    const quoted =
      char === "'" || char === '"' || (char === "$" && /^\$(?:[A-Za-z_]\w*)?\$/.test(dump.slice(at, at + 66)));
    const comment = dump.startsWith("--", at) || dump.startsWith("/*", at);
    if (quoted || comment) {
      const end = skipQuoted(dump, at);
      const piece = comment ? " " : dump.slice(at, end);
      text += piece;
      shape += char === "'" ? "''" : piece;
      at = end;
      continue;
    }
    if (char !== ";") {
      text += char;
      shape += char;
      at++;
      continue;
    }
    const statement = text.replace(/\s+/g, " ").trim();
    const row = shape.replace(/\s+/g, " ").trim();
    at++;
    text = "";
    shape = "";
    if (COPY_FROM_STDIN.test(statement)) {
      const end = /\n\\\.(?:\r?\n|$)/.exec(dump.slice(at - 1));
      if (!end) return `the rows of "${statement}" do not end with a line \\.`;
      at = at - 1 + end.index + end[0].length;
    } else if (!INSERT_ROW.test(row) && !DUMP_STATEMENTS.some((pattern) => pattern.test(statement))) {
      return `it holds a statement a backup does not: "${statement.slice(0, 80)}"`;
    }
    statementStart = at;
  }
  if (text.trim()) return `it ends in an unfinished statement: "${dump.slice(statementStart).trim().slice(0, 80)}"`;
  return null;
}
