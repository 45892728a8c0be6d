import { describe, expect, it } from "vitest";

import { dumpProblem } from "./sql-dump";

const DUMP = `--
-- PostgreSQL database dump
--
SET statement_timeout = 0;
SET client_encoding = 'UTF8';
SELECT pg_catalog.set_config('search_path', '', false);
CREATE SCHEMA supabase_migrations;
CREATE FUNCTION public.changed() RETURNS trigger
    LANGUAGE plpgsql
    AS $$
BEGIN
  PERFORM pg_notify('changed', ''); -- a semicolon; inside the body
  RETURN NULL;
END
$$;
CREATE TABLE public.notes (
    id integer NOT NULL,
    body text DEFAULT 'it''s; fine'::text
);
COPY public.notes (id, body) FROM stdin;
1\tSELECT pg_sleep(3600);
2\tCOPY x TO PROGRAM 'rm -rf /';
\\.
COPY public.empty (id) FROM stdin;
\\.
INSERT INTO public.notes VALUES (3, 'a ''quoted''; text', NULL, true, -1.5e3);
INSERT INTO public.notes (id, body) VALUES (4, E'line\\nnext');
SELECT pg_catalog.setval('public.notes_id_seq', 2, true);
ALTER TABLE ONLY public.notes ADD CONSTRAINT notes_pkey PRIMARY KEY (id);
CREATE UNIQUE INDEX notes_body ON public.notes USING btree (body);
COMMENT ON SCHEMA public IS 'standard public schema';
`;

describe("dumpProblem", () => {
  it("accepts what pg_dump writes, rows and function bodies included", () => {
    expect(dumpProblem(DUMP)).toBeNull();
  });

  it.each([
    ["COPY public.notes TO '/tmp/notes.csv';", "COPY public.notes TO"],
    ["COPY public.notes TO PROGRAM 'curl http://x';", "COPY public.notes TO PROGRAM"],
    ["SELECT pg_sleep(3600);", "SELECT pg_sleep(3600)"],
    ["select pg_catalog.setval('public.x', (select pg_sleep(10))::int, true);", "select pg_catalog.setval"],
    ["DO $$ BEGIN PERFORM pg_sleep(1); END $$;", "DO $$ BEGIN"],
    ["DROP TABLE public.notes;", "DROP TABLE"],
    ["INSERT INTO public.notes VALUES (3, (SELECT pg_sleep(3600)));", "INSERT INTO"],
    ["INSERT INTO public.notes SELECT 1, pg_sleep(3600);", "INSERT INTO"],
  ])("refuses %s", (statement, named) => {
    expect(dumpProblem(`${DUMP}${statement}\n`)).toContain(named);
  });

  it("refuses rows with no end, and an unfinished statement", () => {
    expect(dumpProblem("COPY public.notes (id) FROM stdin;\n1\n")).toContain("do not end with a line");
    expect(dumpProblem(`${DUMP}SELECT pg_sleep(3600)`)).toContain("unfinished statement");
  });
});
