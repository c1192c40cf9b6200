CREATE TABLE "tip_videos" (
	"tip_id" bigint PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"render_id" uuid,
	"play_state" text DEFAULT 'none' NOT NULL,
	"play_requested_at" timestamp with time zone,
	"played_at" timestamp with time zone,
	"play_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tip_videos_play_state_check" CHECK ("tip_videos"."play_state" in ('none', 'queued', 'playing', 'played', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "tip_videos" ADD CONSTRAINT "tip_videos_tip_id_alert_events_id_fk" FOREIGN KEY ("tip_id") REFERENCES "public"."alert_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_videos" ADD CONSTRAINT "tip_videos_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tip_videos" ADD CONSTRAINT "tip_videos_render_id_renders_id_fk" FOREIGN KEY ("render_id") REFERENCES "public"."renders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tip_videos_user_play_idx" ON "tip_videos" USING btree ("user_id","play_state","play_requested_at");--> statement-breakpoint
CREATE INDEX "tip_videos_render_idx" ON "tip_videos" USING btree ("render_id");