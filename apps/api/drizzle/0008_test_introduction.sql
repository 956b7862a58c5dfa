ALTER TABLE "assessment_tests" ALTER COLUMN "started_at" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "assessment_tests" ALTER COLUMN "started_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_tests" ALTER COLUMN "expires_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_tests" ADD COLUMN "created_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "assessment_tests" ADD CONSTRAINT "assessment_tests_clock_started_whole" CHECK (("assessment_tests"."started_at" is null) = ("assessment_tests"."expires_at" is null));--> statement-breakpoint
-- Tests applied for before this change began at once: their application was their start.
UPDATE "assessment_tests" SET "created_at" = "started_at" WHERE "started_at" IS NOT NULL;
