CREATE TABLE "ad_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"owner" text NOT NULL,
	"user_id" integer,
	"meta_connection_id" integer,
	"external_id" text NOT NULL,
	"name" text NOT NULL,
	"currency" text,
	"status" text,
	"amount_spent" double precision,
	"login_customer_id" text,
	"connected" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ad_imports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "ad_imports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"ad_account_id" integer NOT NULL,
	"status" text NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"inserted" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"unchanged" integer DEFAULT 0 NOT NULL,
	"message" text,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ad_insight_rows" (
	"ad_account_id" integer NOT NULL,
	"campaign_id" text NOT NULL,
	"campaign_name" text NOT NULL,
	"campaign_status" text,
	"group_id" text NOT NULL,
	"group_name" text NOT NULL,
	"ad_id" text NOT NULL,
	"ad_name" text NOT NULL,
	"day" date NOT NULL,
	"impressions" bigint NOT NULL,
	"clicks" bigint NOT NULL,
	"spend_micros" bigint NOT NULL,
	"currency" text NOT NULL,
	"conversions" double precision DEFAULT 0 NOT NULL,
	"import_id" integer NOT NULL,
	CONSTRAINT "ad_insight_rows_pkey" PRIMARY KEY("ad_account_id","ad_id","day")
);
--> statement-breakpoint
CREATE TABLE "google_ads_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"developer_token_enc" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "meta_connections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meta_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer,
	"meta_user_id" text NOT NULL,
	"name" text NOT NULL,
	"token_enc" text NOT NULL,
	"key_hash" text NOT NULL,
	"token_expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sentiment_blacklist" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sentiment_comments" (
	"run_id" uuid NOT NULL,
	"comment_id" text NOT NULL,
	"video_id" text NOT NULL,
	"kind" text NOT NULL,
	"author" text NOT NULL,
	"text" text NOT NULL,
	"published_at" text,
	"label" text NOT NULL,
	"score" real NOT NULL,
	"words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reason" text,
	CONSTRAINT "sentiment_comments_pkey" PRIMARY KEY("run_id","comment_id")
);
--> statement-breakpoint
CREATE TABLE "sentiment_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"query" text,
	"video_ids" jsonb NOT NULL,
	"snapshot_hash" text NOT NULL,
	"engine" text NOT NULL,
	"prompt" text,
	"model" text,
	"lexicon_version" text NOT NULL,
	"status" text NOT NULL,
	"message" text,
	"quota_units" integer DEFAULT 0 NOT NULL,
	"summary" jsonb NOT NULL,
	"diff" jsonb,
	"previous_id" uuid,
	"setting" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sentiment_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"prompt" text,
	"model" text,
	"base_url" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sentiment_slang" (
	"word" text PRIMARY KEY NOT NULL,
	"score" smallint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "youtube_search_usage" (
	"day" date PRIMARY KEY NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_accounts" ADD CONSTRAINT "ad_accounts_meta_connection_id_meta_connections_id_fk" FOREIGN KEY ("meta_connection_id") REFERENCES "public"."meta_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_imports" ADD CONSTRAINT "ad_imports_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_insight_rows" ADD CONSTRAINT "ad_insight_rows_ad_account_id_ad_accounts_id_fk" FOREIGN KEY ("ad_account_id") REFERENCES "public"."ad_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "google_ads_settings" ADD CONSTRAINT "google_ads_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meta_connections" ADD CONSTRAINT "meta_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentiment_blacklist" ADD CONSTRAINT "sentiment_blacklist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentiment_comments" ADD CONSTRAINT "sentiment_comments_run_id_sentiment_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."sentiment_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sentiment_runs" ADD CONSTRAINT "sentiment_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ad_accounts_owner_idx" ON "ad_accounts" USING btree ("platform","owner","external_id");--> statement-breakpoint
CREATE INDEX "ad_imports_account_idx" ON "ad_imports" USING btree ("ad_account_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "meta_connections_key_idx" ON "meta_connections" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "sentiment_runs_user_idx" ON "sentiment_runs" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "sentiment_runs_created_idx" ON "sentiment_runs" USING btree ("created_at");