ALTER TABLE "bookings" ADD COLUMN "agenda" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "notes_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_agenda_length" CHECK (char_length("bookings"."agenda") <= 1000);--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_notes_length" CHECK (char_length("bookings"."notes") <= 5000);