CREATE TABLE "onboarding_steps" (
	"key" text PRIMARY KEY NOT NULL,
	"position" integer NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"cta_label" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_actions" ALTER COLUMN "cursor" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "referred_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_created_at_id_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_username_id_idx" ON "users" USING btree ("username","id");--> statement-breakpoint
-- Hand-written: trigram indexes for the admin lists' substring searches (ILIKE '%…%'), which a
-- b-tree cannot serve. pg_trgm is a trusted extension (PostgreSQL 13+); PGlite loads it in client.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_username_trgm_idx" ON "users" USING gin ("username" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "projects_name_trgm_idx" ON "projects" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "renders_title_trgm_idx" ON "renders" USING gin ("title" gin_trgm_ops);
--> statement-breakpoint
-- Hand-written: one CSV cell as platform/http/csv.ts csvCell writes it (formula prefix, RFC 4180
-- quoting), so a bulk export can have the database write whole CSV batches (list-query scanCsv).
CREATE OR REPLACE FUNCTION csv_quote(t text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select case when strpos(t, '"') > 0 or strpos(t, ',') > 0 or strpos(t, E'\r') > 0 or strpos(t, E'\n') > 0 then '"' || replace(t, '"', '""') || '"' else t end
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION csv_cell(v text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  select coalesce(csv_quote(case when left(v, 1) in ('=', '+', '-', '@', E'\t', E'\r') and v !~ '^-?[0-9]+(\.[0-9]+)?$' then '''' || v else v end), '')
$$;
