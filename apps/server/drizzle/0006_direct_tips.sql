CREATE TABLE "direct_tips" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "direct_tips_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"idempotency_key" text NOT NULL,
	"user_id" integer NOT NULL,
	"channel" text,
	"who" text NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"token_id" text NOT NULL,
	"provider" text NOT NULL,
	"payment_id" text,
	"alert_event_id" bigint,
	"failure_code" text,
	"failure_message" text,
	"lease_until" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "direct_tips_amount_check" CHECK ("direct_tips"."amount_cents" > 0),
	CONSTRAINT "direct_tips_status_check" CHECK ("direct_tips"."status" in ('pending', 'paid', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "direct_tips" ADD CONSTRAINT "direct_tips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "direct_tips" ADD CONSTRAINT "direct_tips_alert_event_id_alert_events_id_fk" FOREIGN KEY ("alert_event_id") REFERENCES "public"."alert_events"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "direct_tips_idempotency_key" ON "direct_tips" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "direct_tips_user_idx" ON "direct_tips" USING btree ("user_id","id");