CREATE TABLE "ad_audio_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" integer NOT NULL,
	"ad_project_id" integer NOT NULL,
	"render_id" uuid,
	"voice_id" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ad_audio_generations" ADD CONSTRAINT "ad_audio_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audio_generations" ADD CONSTRAINT "ad_audio_generations_ad_project_id_ad_projects_id_fk" FOREIGN KEY ("ad_project_id") REFERENCES "public"."ad_projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ad_audio_generations" ADD CONSTRAINT "ad_audio_generations_render_id_renders_id_fk" FOREIGN KEY ("render_id") REFERENCES "public"."renders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_audio_generations_project_idx" ON "ad_audio_generations" USING btree ("ad_project_id","created_at" DESC NULLS LAST);