CREATE TABLE "mail_cooldowns" (
	"kind" text NOT NULL,
	"recipient" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "mail_cooldowns_kind_recipient_pk" PRIMARY KEY("kind","recipient")
);
