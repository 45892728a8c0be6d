-- Monthly sums of visit_counts (docs/decisions/028-weekly-trends.md): Admin → Insights' "Top ..."
-- tables read a period's whole months here and only its first and last part-months by day, so a
-- year sums about 1,300 rows of pages instead of 14,600. Kept by statement-level triggers in the
-- same transaction as each write, as insight_days is (20261128220400_insights_settings.sql):
-- each statement adds its rows' signed sums, grouped, in key order.
CREATE TABLE "visit_months" (
	"dimension" text NOT NULL,
	"month" date NOT NULL,
	"value" text NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	"visitors" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "visit_months_dimension_month_value_pk" PRIMARY KEY("dimension","month","value")
);--> statement-breakpoint
ALTER TABLE "visit_months" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE FUNCTION "public"."visit_months_change"() RETURNS trigger
LANGUAGE plpgsql SET search_path = '' AS $$
DECLARE "source" text;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "public"."visit_months";
    RETURN NULL;
  END IF;
  "source" := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT n."day", n."dimension", n."value", n."views"::bigint AS "views", n."visitors"::bigint AS "visitors" FROM "new_rows" n'
    WHEN 'DELETE' THEN 'SELECT o."day", o."dimension", o."value", -o."views"::bigint AS "views", -o."visitors"::bigint AS "visitors" FROM "old_rows" o'
    ELSE 'SELECT n."day", n."dimension", n."value", n."views"::bigint AS "views", n."visitors"::bigint AS "visitors" FROM "new_rows" n
      UNION ALL SELECT o."day", o."dimension", o."value", -o."views"::bigint, -o."visitors"::bigint FROM "old_rows" o'
  END;
  EXECUTE format(
    'INSERT INTO "public"."visit_months" AS m ("dimension", "month", "value", "views", "visitors")
     SELECT s."dimension", date_trunc(''month'', s."day")::date, s."value", sum(s."views"), sum(s."visitors")
     FROM (%s) s
     GROUP BY 1, 2, 3 HAVING sum(s."views") <> 0 OR sum(s."visitors") <> 0 ORDER BY 1, 2, 3
     ON CONFLICT ("dimension", "month", "value") DO UPDATE
       SET "views" = m."views" + excluded."views", "visitors" = m."visitors" + excluded."visitors"',
    "source");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "visit_counts_months_insert" AFTER INSERT ON "visit_counts" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."visit_months_change"();--> statement-breakpoint
CREATE TRIGGER "visit_counts_months_update" AFTER UPDATE ON "visit_counts" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."visit_months_change"();--> statement-breakpoint
CREATE TRIGGER "visit_counts_months_delete" AFTER DELETE ON "visit_counts" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."visit_months_change"();--> statement-breakpoint
CREATE TRIGGER "visit_counts_months_truncate" AFTER TRUNCATE ON "visit_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION "public"."visit_months_change"();--> statement-breakpoint
INSERT INTO "visit_months" ("dimension", "month", "value", "views", "visitors")
SELECT "dimension", date_trunc('month', "day")::date, "value", sum("views"), sum("visitors")
FROM "visit_counts" GROUP BY 1, 2, 3;
