ALTER TABLE "ad_avatars" ADD COLUMN "presenter" jsonb;--> statement-breakpoint
ALTER TABLE "ad_generations" ADD COLUMN "ad_avatar_id" integer;--> statement-breakpoint
ALTER TABLE "ad_generations" ADD CONSTRAINT "ad_generations_ad_avatar_id_ad_avatars_id_fk" FOREIGN KEY ("ad_avatar_id") REFERENCES "public"."ad_avatars"("id") ON DELETE set null ON UPDATE no action;