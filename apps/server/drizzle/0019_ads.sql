CREATE TABLE "ad_brand_colours" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" integer NOT NULL,
	"hex" text NOT NULL,
	"role" text DEFAULT 'other' NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'user' NOT NULL,
	"source_detail" text,
	"confidence" real DEFAULT 1 NOT NULL,
	"confirmed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_brand_colours_hex" CHECK ("ad_brand_colours"."hex" ~ '^#[0-9A-F]{6}$')
);
--> statement-breakpoint
CREATE TABLE "ad_brand_fonts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" integer NOT NULL,
	"family" text NOT NULL,
	"weight" smallint DEFAULT 400 NOT NULL,
	"style" text DEFAULT 'normal' NOT NULL,
	"role" text,
	"file_key" text,
	"format" text,
	"note" text,
	"source" text DEFAULT 'user' NOT NULL,
	"source_detail" text,
	"confidence" real DEFAULT 1 NOT NULL,
	"confirmed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ad_brand_fonts_weight" CHECK ("ad_brand_fonts"."weight" between 100 and 900 and "ad_brand_fonts"."weight" % 100 = 0)
);
--> statement-breakpoint
CREATE TABLE "ad_brand_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"source" text DEFAULT 'user' NOT NULL,
	"source_detail" text,
	"confidence" real DEFAULT 1 NOT NULL,
	"confirmed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_brand_logos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"brand_id" integer NOT NULL,
	"file_key" text NOT NULL,
	"mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"source" text DEFAULT 'user' NOT NULL,
	"source_detail" text,
	"confidence" real DEFAULT 1 NOT NULL,
	"confirmed" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_brands" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_brands_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"website" text,
	"field_sources" jsonb,
	"voice" jsonb NOT NULL,
	"caption_style" jsonb NOT NULL,
	"scrape_task_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_projects" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_projects_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"brand_id" integer,
	"name" text NOT NULL,
	"goal" text DEFAULT 'awareness' NOT NULL,
	"copy" text DEFAULT '' NOT NULL,
	"placements" jsonb NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_scrape_tasks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"brand_id" integer,
	"ad_project_id" integer,
	"url" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"warnings" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer,
	"requested_by" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ad_brand_colours" ADD CONSTRAINT "ad_brand_colours_brand_id_ad_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."ad_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_brand_fonts" ADD CONSTRAINT "ad_brand_fonts_brand_id_ad_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."ad_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_brand_images" ADD CONSTRAINT "ad_brand_images_brand_id_ad_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."ad_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_brand_logos" ADD CONSTRAINT "ad_brand_logos_brand_id_ad_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."ad_brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_brands" ADD CONSTRAINT "ad_brands_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_projects" ADD CONSTRAINT "ad_projects_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_projects" ADD CONSTRAINT "ad_projects_brand_id_ad_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."ad_brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_scrape_tasks" ADD CONSTRAINT "ad_scrape_tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_scrape_tasks" ADD CONSTRAINT "ad_scrape_tasks_brand_id_ad_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."ad_brands"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_scrape_tasks" ADD CONSTRAINT "ad_scrape_tasks_ad_project_id_ad_projects_id_fk" FOREIGN KEY ("ad_project_id") REFERENCES "public"."ad_projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_brand_colours_brand_idx" ON "ad_brand_colours" USING btree ("brand_id","position");--> statement-breakpoint
CREATE INDEX "ad_brand_fonts_brand_idx" ON "ad_brand_fonts" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "ad_brand_images_brand_idx" ON "ad_brand_images" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "ad_brand_logos_brand_idx" ON "ad_brand_logos" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "ad_brands_user_idx" ON "ad_brands" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ad_projects_user_idx" ON "ad_projects" USING btree ("user_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ad_projects_brand_idx" ON "ad_projects" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "ad_scrape_tasks_user_idx" ON "ad_scrape_tasks" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ad_scrape_tasks_created_idx" ON "ad_scrape_tasks" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE TABLE "ad_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"ad_project_id" integer NOT NULL,
	"render_id" uuid,
	"mode" text NOT NULL,
	"placement" text NOT NULL,
	"influencer_id" text,
	"voice_id" text,
	"text" text DEFAULT '' NOT NULL,
	"audio_uuid_path" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_generations" ADD CONSTRAINT "ad_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_generations" ADD CONSTRAINT "ad_generations_ad_project_id_ad_projects_id_fk" FOREIGN KEY ("ad_project_id") REFERENCES "public"."ad_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_generations" ADD CONSTRAINT "ad_generations_render_id_renders_id_fk" FOREIGN KEY ("render_id") REFERENCES "public"."renders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_generations_project_idx" ON "ad_generations" USING btree ("ad_project_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "ad_generations_created_idx" ON "ad_generations" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE TABLE "ad_avatars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_avatars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"voice_id" text,
	"image_key" text NOT NULL,
	"image_mime" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
