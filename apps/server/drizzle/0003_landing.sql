CREATE TABLE "early_registers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "early_registers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"uuid" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"surveys" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"channels" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wants_tts" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "early_registers_role_check" CHECK ("early_registers"."role" in ('creator', 'fan'))
);
--> statement-breakpoint
CREATE TABLE "landing_sample_videos" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "landing_sample_videos_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"title" text NOT NULL,
	"video_url" text NOT NULL,
	"poster_url" text,
	"order" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "landing_sample_videos_order_check" CHECK ("landing_sample_videos"."order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sentence_categories" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sentence_categories_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"display_name" text NOT NULL,
	"order" integer DEFAULT 1 NOT NULL,
	"is_show" boolean DEFAULT true NOT NULL,
	"sentences" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sentence_categories_order_check" CHECK ("sentence_categories"."order" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tracking_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "tracking_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"event" smallint NOT NULL,
	"user_id" integer,
	"anonymous_id" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tracking_events_category_check" CHECK ("tracking_events"."category" in ('usage', 'payment')),
	CONSTRAINT "tracking_events_customer_check" CHECK ("tracking_events"."user_id" is not null or "tracking_events"."anonymous_id" is not null)
);
--> statement-breakpoint
ALTER TABLE "tracking_events" ADD CONSTRAINT "tracking_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "early_registers_email_key" ON "early_registers" USING btree ("email");--> statement-breakpoint
CREATE INDEX "early_registers_created_at_idx" ON "early_registers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "early_registers_tts_idx" ON "early_registers" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "early_registers"."wants_tts";--> statement-breakpoint
CREATE INDEX "landing_sample_videos_order_idx" ON "landing_sample_videos" USING btree ("order","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sentence_categories_name_key" ON "sentence_categories" USING btree ("name");--> statement-breakpoint
CREATE INDEX "sentence_categories_order_idx" ON "sentence_categories" USING btree ("order","id");--> statement-breakpoint
CREATE INDEX "tracking_events_user_idx" ON "tracking_events" USING btree ("category","user_id");--> statement-breakpoint
CREATE INDEX "tracking_events_anonymous_idx" ON "tracking_events" USING btree ("category","anonymous_id") WHERE "tracking_events"."user_id" is null;--> statement-breakpoint
CREATE INDEX "tracking_events_created_idx" ON "tracking_events" USING btree ("category","created_at");