CREATE TABLE "booking_reviews" (
	"booking_id" uuid PRIMARY KEY NOT NULL,
	"mentor_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"rating" smallint NOT NULL,
	"comment" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_reviews_rating_range" CHECK ("booking_reviews"."rating" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "mentor_waitlist" (
	"mentor_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_waitlist_mentor_id_user_id_pk" PRIMARY KEY("mentor_id","user_id"),
	CONSTRAINT "mentor_waitlist_not_oneself" CHECK ("mentor_waitlist"."mentor_id" <> "mentor_waitlist"."user_id")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"booking_id" uuid,
	"kind" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_amount" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_status" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_id" text;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "refund_reason" text;--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_reviews" ADD CONSTRAINT "booking_reviews_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_waitlist" ADD CONSTRAINT "mentor_waitlist_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_waitlist" ADD CONSTRAINT "mentor_waitlist_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_reviews_mentor_created_idx" ON "booking_reviews" USING btree ("mentor_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_booking_idx" ON "payment_events" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_refund_within_amount" CHECK ("bookings"."refund_amount" is null or ("bookings"."refund_amount" >= 0 and "bookings"."refund_amount" <= "bookings"."amount"));