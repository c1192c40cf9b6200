CREATE TABLE "default_look_prompts" (
	"position" integer PRIMARY KEY NOT NULL,
	"label" text NOT NULL,
	"prompt" jsonb NOT NULL
);
