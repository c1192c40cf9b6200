CREATE TABLE "voice_profile_tags" (
	"profile_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "voice_profile_tags_profile_id_tag_id_pk" PRIMARY KEY("profile_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "voice_profiles" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voice_profiles_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"engine_voice_id" text NOT NULL,
	"rate" real DEFAULT 1 NOT NULL,
	"pitch" real DEFAULT 0 NOT NULL,
	"emotions" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"sample_key" text,
	"sample_seconds" real,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_tags" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "voice_tags_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"category" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_profile_tags" ADD CONSTRAINT "voice_profile_tags_profile_id_voice_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."voice_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_profile_tags" ADD CONSTRAINT "voice_profile_tags_tag_id_voice_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."voice_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "voice_profile_tags_tag_idx" ON "voice_profile_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE INDEX "voice_profiles_name_idx" ON "voice_profiles" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "voice_profiles_created_idx" ON "voice_profiles" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "voice_profiles_updated_idx" ON "voice_profiles" USING btree ("updated_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_tags_category_name_idx" ON "voice_tags" USING btree ("category",lower("name"));