ALTER TABLE "influencers" ADD COLUMN "source" text DEFAULT 'preset' NOT NULL;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "access" jsonb DEFAULT '{"plans":[],"user_ids":[]}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "voice_profile_id" integer;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "status" text DEFAULT 'ready' NOT NULL;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "progress" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "stage" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "influencers" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "influencers" ADD CONSTRAINT "influencers_voice_profile_id_voice_profiles_id_fk" FOREIGN KEY ("voice_profile_id") REFERENCES "public"."voice_profiles"("id") ON DELETE set null ON UPDATE no action;