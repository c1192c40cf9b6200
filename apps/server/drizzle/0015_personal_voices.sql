CREATE TABLE "personal_voices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "personal_voices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"sample_uuid" uuid,
	"sample_seconds" real NOT NULL,
	"profile" jsonb NOT NULL,
	"base_voice_id" text NOT NULL,
	"consent_at" timestamp with time zone NOT NULL,
	"consent_text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "personal_voices" ADD CONSTRAINT "personal_voices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "personal_voices" ADD CONSTRAINT "personal_voices_sample_uuid_audio_uploads_id_fk" FOREIGN KEY ("sample_uuid") REFERENCES "public"."audio_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "personal_voices_user_idx" ON "personal_voices" USING btree ("user_id","id" DESC NULLS LAST);