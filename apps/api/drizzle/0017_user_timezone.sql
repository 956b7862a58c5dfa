ALTER TABLE "users" ADD COLUMN "timezone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "timezone_chosen" boolean DEFAULT false NOT NULL;