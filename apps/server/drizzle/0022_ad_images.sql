CREATE TABLE "ad_assets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_assets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"project_id" integer,
	"name" text NOT NULL,
	"kind" text DEFAULT 'upload' NOT NULL,
	"file_key" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"request" jsonb,
	"error" text,
	"extract_ms" integer,
	"characters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_image_generations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_image_generations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"project_id" integer,
	"brand_id" integer,
	"name" text NOT NULL,
	"template" text NOT NULL,
	"variant" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text,
	"selected" boolean DEFAULT false NOT NULL,
	"headline" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"cta" text DEFAULT '' NOT NULL,
	"characters" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"engine" text DEFAULT 'offline' NOT NULL,
	"canvases" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"images" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"files" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_assets" ADD CONSTRAINT "ad_assets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_assets" ADD CONSTRAINT "ad_assets_project_id_ad_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."ad_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_image_generations" ADD CONSTRAINT "ad_image_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_image_generations" ADD CONSTRAINT "ad_image_generations_project_id_ad_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."ad_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_image_generations" ADD CONSTRAINT "ad_image_generations_brand_id_ad_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."ad_brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_assets_user_idx" ON "ad_assets" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ad_assets_status_idx" ON "ad_assets" USING btree ("status","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ad_image_generations_user_idx" ON "ad_image_generations" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ad_image_generations_status_idx" ON "ad_image_generations" USING btree ("status","id" DESC NULLS LAST);