CREATE TABLE "twitch_connection_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"transport" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
