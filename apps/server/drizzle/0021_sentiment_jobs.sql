ALTER TABLE "sentiment_runs" ADD COLUMN "progress" jsonb;--> statement-breakpoint
ALTER TABLE "sentiment_runs" ADD COLUMN "comment_counts" jsonb;