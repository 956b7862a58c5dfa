-- The status is compared as text in the checks below: a value added to an enum cannot be used as one in the
-- transaction that adds it, and the migrations run in one.
ALTER TYPE "public"."booking_status" ADD VALUE 'no_show';--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reschedule_count" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "previous_start_times" timestamp with time zone[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "mentor_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "mentee_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "no_show" text;--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD COLUMN "hidden_for_no_shows_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD COLUMN "no_shows_cleared_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "bookings_confirmed_start_idx" ON "bookings" USING btree ("start_time") WHERE "bookings"."status" = 'confirmed';--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_reschedule_count_range" CHECK ("bookings"."reschedule_count" between 0 and 2);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_previous_starts_counted" CHECK (cardinality("bookings"."previous_start_times") = "bookings"."reschedule_count");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_show_party" CHECK ("bookings"."no_show" in ('mentor', 'mentee', 'both'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_no_show_with_status" CHECK (("bookings"."status"::text = 'no_show') = ("bookings"."no_show" is not null));