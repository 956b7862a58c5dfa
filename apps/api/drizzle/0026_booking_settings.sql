CREATE TABLE "mentor_booking_settings" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"minimum_notice_hours" integer NOT NULL,
	"buffer_minutes" integer NOT NULL,
	"max_sessions_per_day" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_booking_settings_notice_rule" CHECK ("mentor_booking_settings"."minimum_notice_hours" between 1 and 72),
	CONSTRAINT "mentor_booking_settings_buffer_rule" CHECK ("mentor_booking_settings"."buffer_minutes" in (0, 15, 30, 60)),
	CONSTRAINT "mentor_booking_settings_per_day_rule" CHECK ("mentor_booking_settings"."max_sessions_per_day" between 1 and 8)
);
--> statement-breakpoint
ALTER TABLE "mentor_booking_settings" ADD CONSTRAINT "mentor_booking_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Booking settings change which slots are free: every api process drops its listing and slots answers (0010).
CREATE TRIGGER "mentor_booking_settings_listing_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mentor_booking_settings" FOR EACH STATEMENT EXECUTE FUNCTION "mentor_listing_changed"();
