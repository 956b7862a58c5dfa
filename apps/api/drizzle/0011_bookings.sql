CREATE TYPE "public"."booking_status" AS ENUM('pending_payment', 'confirmed', 'completed', 'expired', 'payment_failed', 'cancelled');--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"mentor_id" uuid NOT NULL,
	"mentee_id" uuid NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"status" "booking_status" DEFAULT 'pending_payment' NOT NULL,
	"amount" integer NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	"hold_expires_at" timestamp with time zone NOT NULL,
	"room_id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"provider" text,
	"provider_payment_id" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_roomId_unique" UNIQUE("room_id"),
	CONSTRAINT "bookings_providerPaymentId_unique" UNIQUE("provider_payment_id"),
	CONSTRAINT "bookings_end_after_start" CHECK ("bookings"."end_time" > "bookings"."start_time"),
	CONSTRAINT "bookings_amount_positive" CHECK ("bookings"."amount" > 0),
	CONSTRAINT "bookings_currency_inr" CHECK ("bookings"."currency" = 'INR'),
	CONSTRAINT "bookings_not_oneself" CHECK ("bookings"."mentor_id" <> "bookings"."mentee_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_mentee_id_users_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_mentor_start_idx" ON "bookings" USING btree ("mentor_id","start_time");--> statement-breakpoint
CREATE INDEX "bookings_mentee_start_idx" ON "bookings" USING btree ("mentee_id","start_time");
--> statement-breakpoint
-- Written by hand (drizzle-kit does not model exclusion constraints): no two live bookings (held or confirmed)
-- of one mentor, nor of one mentee, overlap in time. btree_gist (migration 0000) lets the uuid take part with `=`.
-- A violation is SQLSTATE 23P01, which the api answers with 409.
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_mentor_no_overlap" EXCLUDE USING gist ("mentor_id" WITH =, tstzrange("start_time", "end_time") WITH &&) WHERE ("status" IN ('pending_payment', 'confirmed'));--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_mentee_no_overlap" EXCLUDE USING gist ("mentee_id" WITH =, tstzrange("start_time", "end_time") WITH &&) WHERE ("status" IN ('pending_payment', 'confirmed'));
