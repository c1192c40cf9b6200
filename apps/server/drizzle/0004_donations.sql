CREATE TABLE "alert_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "alert_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"account_id" integer,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"fingerprint" text NOT NULL,
	"who" text NOT NULL,
	"amount" double precision,
	"currency" text,
	"bits" integer,
	"points" integer,
	"count" integer,
	"tier" text,
	"title" text,
	"message" text DEFAULT '' NOT NULL,
	"gift_recipient" boolean DEFAULT false NOT NULL,
	"is_test" boolean DEFAULT false NOT NULL,
	"external_status" text,
	"raw" jsonb,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"skip_reason" text,
	"duplicate_of" bigint,
	"forced_setup_id" integer,
	"avatar_setup_id" integer,
	"spoken_text" text,
	"flagged" boolean DEFAULT false NOT NULL,
	"audio_key" text,
	"speech" jsonb,
	"error" text,
	"emitted_at" timestamp with time zone,
	"played_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "avatar_setups" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "avatar_setups_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"custom_style_id" text,
	"price" double precision DEFAULT 0 NOT NULL,
	"donation_avatar" jsonb NOT NULL,
	"voice" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "avatar_setups_price_check" CHECK ("avatar_setups"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "connected_accounts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "connected_accounts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"platform" text NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"display_name" text NOT NULL,
	"access_token_enc" text,
	"refresh_token_enc" text,
	"socket_token_enc" text,
	"token_type" text,
	"token_expires_at" timestamp with time zone,
	"status" text DEFAULT 'active' NOT NULL,
	"last_error" text,
	"cursor" jsonb,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "donation_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled_types" jsonb NOT NULL,
	"mute_all" boolean DEFAULT false NOT NULL,
	"minimums" jsonb NOT NULL,
	"tts" jsonb NOT NULL,
	"moderation" jsonb NOT NULL,
	"selected_platform" text,
	"alerts_allowed" boolean DEFAULT true NOT NULL,
	"overlay_key_hash" text NOT NULL,
	"overlay_key_enc" text NOT NULL,
	"overlay_seen_at" timestamp with time zone,
	"overlay_audio_unlocked" boolean,
	"overlay_visible" boolean,
	"overlay_last_played_at" timestamp with time zone,
	"overlay_last_failed_at" timestamp with time zone,
	"overlay_last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profanity_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"max_chars" integer DEFAULT 300 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "profanity_words" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profanity_words_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"list" text NOT NULL,
	"word" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profanity_words_list_check" CHECK ("profanity_words"."list" in ('black', 'white'))
);
--> statement-breakpoint
CREATE TABLE "youtube_quota_usage" (
	"day" date PRIMARY KEY NOT NULL,
	"units" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_account_id_connected_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."connected_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alert_events" ADD CONSTRAINT "alert_events_avatar_setup_id_avatar_setups_id_fk" FOREIGN KEY ("avatar_setup_id") REFERENCES "public"."avatar_setups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "avatar_setups" ADD CONSTRAINT "avatar_setups_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "connected_accounts" ADD CONSTRAINT "connected_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "donation_settings" ADD CONSTRAINT "donation_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "alert_events_source_external_key" ON "alert_events" USING btree ("user_id","source","external_id");--> statement-breakpoint
CREATE INDEX "alert_events_fingerprint_idx" ON "alert_events" USING btree ("user_id","fingerprint","received_at");--> statement-breakpoint
CREATE INDEX "alert_events_user_idx" ON "alert_events" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "alert_events_user_status_idx" ON "alert_events" USING btree ("user_id","status","id");--> statement-breakpoint
CREATE INDEX "alert_events_account_idx" ON "alert_events" USING btree ("account_id","id");--> statement-breakpoint
CREATE INDEX "avatar_setups_user_idx" ON "avatar_setups" USING btree ("user_id","price");--> statement-breakpoint
CREATE UNIQUE INDEX "connected_accounts_user_provider_external_key" ON "connected_accounts" USING btree ("user_id","provider","external_id");--> statement-breakpoint
CREATE INDEX "connected_accounts_external_idx" ON "connected_accounts" USING btree ("provider","external_id");--> statement-breakpoint
CREATE INDEX "connected_accounts_status_idx" ON "connected_accounts" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "donation_settings_overlay_key_hash_key" ON "donation_settings" USING btree ("overlay_key_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "profanity_words_list_word_key" ON "profanity_words" USING btree ("list","word");