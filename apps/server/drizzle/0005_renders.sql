CREATE TABLE "custom_avatars" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "custom_avatars_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"prompt" jsonb NOT NULL,
	"look" jsonb NOT NULL,
	"variation" integer DEFAULT 0 NOT NULL,
	"preview_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "influencers" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"model_style" text NOT NULL,
	"emotion" text NOT NULL,
	"voice_id" text NOT NULL,
	"look" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"order" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "render_logs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "render_logs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"render_id" uuid NOT NULL,
	"job" text NOT NULL,
	"attempt" integer NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"entries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "renders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer,
	"visitor_id" text,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"title" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"influencer_id" text,
	"custom_avatar_id" integer,
	"avatar_name" text NOT NULL,
	"look" jsonb NOT NULL,
	"voice_id" text NOT NULL,
	"emotion" text NOT NULL,
	"intensity" real NOT NULL,
	"settings" jsonb NOT NULL,
	"status" smallint NOT NULL,
	"flow" smallint NOT NULL,
	"queue_status" text NOT NULL,
	"queue_type" smallint NOT NULL,
	"job_status" smallint NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"stage" text DEFAULT 'waiting' NOT NULL,
	"error" text,
	"cancel_requested" boolean DEFAULT false NOT NULL,
	"job_id" uuid,
	"lease" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"timeline" jsonb,
	"duration" real,
	"files" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "renders_status_check" CHECK ("renders"."status" between 1 and 5),
	CONSTRAINT "renders_flow_check" CHECK ("renders"."flow" between 1 and 9),
	CONSTRAINT "renders_progress_check" CHECK ("renders"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "audio_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" integer,
	"visitor_id" text,
	"original_name" text NOT NULL,
	"format" text,
	"size_bytes" bigint NOT NULL,
	"duration" real,
	"status" smallint NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"stage" text DEFAULT 'uploaded' NOT NULL,
	"error" text,
	"profile" jsonb,
	"original_key" text NOT NULL,
	"wav_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audio_uploads_owner_check" CHECK ("audio_uploads"."user_id" is not null or "audio_uploads"."visitor_id" is not null),
	CONSTRAINT "audio_uploads_status_check" CHECK ("audio_uploads"."status" between 0 and 3)
);
--> statement-breakpoint
ALTER TABLE "custom_avatars" ADD CONSTRAINT "custom_avatars_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "render_logs" ADD CONSTRAINT "render_logs_render_id_renders_id_fk" FOREIGN KEY ("render_id") REFERENCES "public"."renders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renders" ADD CONSTRAINT "renders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "renders" ADD CONSTRAINT "renders_custom_avatar_id_custom_avatars_id_fk" FOREIGN KEY ("custom_avatar_id") REFERENCES "public"."custom_avatars"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audio_uploads" ADD CONSTRAINT "audio_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_avatars_user_idx" ON "custom_avatars" USING btree ("user_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "influencers_order_idx" ON "influencers" USING btree ("order","id");--> statement-breakpoint
CREATE INDEX "render_logs_render_idx" ON "render_logs" USING btree ("render_id","id");--> statement-breakpoint
CREATE INDEX "renders_user_idx" ON "renders" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "renders_visitor_idx" ON "renders" USING btree ("visitor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "renders_showcase_key" ON "renders" USING btree ("influencer_id") WHERE "renders"."source" = 'showcase' and "renders"."status" <> 4;--> statement-breakpoint
CREATE INDEX "audio_uploads_user_idx" ON "audio_uploads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audio_uploads_visitor_idx" ON "audio_uploads" USING btree ("visitor_id","created_at" DESC NULLS LAST);