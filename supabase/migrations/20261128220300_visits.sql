CREATE TABLE "visit_counts" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"views" integer NOT NULL,
	"visitors" integer NOT NULL,
	CONSTRAINT "visit_counts_day_dimension_value_pk" PRIMARY KEY("day","dimension","value")
);
--> statement-breakpoint
ALTER TABLE "visit_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visit_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visit_salts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "visit_visitors" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"value" text NOT NULL,
	"visitor" bigint NOT NULL,
	CONSTRAINT "visit_visitors_day_dimension_value_visitor_pk" PRIMARY KEY("day","dimension","value","visitor")
);
--> statement-breakpoint
ALTER TABLE "visit_visitors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "site_settings" ADD COLUMN "count_visits" boolean DEFAULT true NOT NULL;