CREATE TABLE "conference_event_consents" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conference_event_consents_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"submission_id" uuid NOT NULL,
	"event_id" integer NOT NULL,
	"kiosk_id" text NOT NULL,
	"consent_text" text NOT NULL,
	"consent_sha256" text NOT NULL,
	"agreed_at" timestamp with time zone NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conference_event_consents_submission_id_unique" UNIQUE("submission_id")
);
--> statement-breakpoint
CREATE TABLE "conference_event_submissions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"kiosk_id" text NOT NULL,
	"code" text NOT NULL,
	"greeting" text NOT NULL,
	"variant" text NOT NULL,
	"delivery" text NOT NULL,
	"delivery_error" text,
	"render_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"mailed_at" timestamp with time zone,
	CONSTRAINT "conference_event_submissions_variant_check" CHECK ("conference_event_submissions"."variant" in ('personal', 'generic')),
	CONSTRAINT "conference_event_submissions_delivery_check" CHECK ("conference_event_submissions"."delivery" in ('rendering', 'ready', 'mailed', 'mail_failed'))
);
--> statement-breakpoint
CREATE TABLE "conference_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conference_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"fields" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"consent_text" text NOT NULL,
	"greeting_template" text NOT NULL,
	"influencer_id" text NOT NULL,
	"voice_id" text,
	"generic_render_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conference_event_consents" ADD CONSTRAINT "conference_event_consents_submission_id_conference_event_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."conference_event_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_event_consents" ADD CONSTRAINT "conference_event_consents_event_id_conference_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."conference_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conference_event_submissions" ADD CONSTRAINT "conference_event_submissions_event_id_conference_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."conference_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conference_event_submissions_code_key" ON "conference_event_submissions" USING btree ("code");--> statement-breakpoint
CREATE INDEX "conference_event_submissions_event_idx" ON "conference_event_submissions" USING btree ("event_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conference_event_submissions_render_idx" ON "conference_event_submissions" USING btree ("render_id") WHERE "conference_event_submissions"."delivery" = 'rendering';