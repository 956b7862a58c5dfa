CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account" text NOT NULL,
	"user_id" uuid,
	"amount" bigint NOT NULL,
	"currency" text DEFAULT 'INR' NOT NULL,
	CONSTRAINT "ledger_entries_account" CHECK ("ledger_entries"."account" in ('mentee_payments', 'platform_fees', 'gst_on_fees', 'mentor_pending', 'mentor_available', 'mentor_paid_out', 'refunds')),
	CONSTRAINT "ledger_entries_mentor_named" CHECK (("ledger_entries"."account" like 'mentor\_%') = ("ledger_entries"."user_id" is not null)),
	CONSTRAINT "ledger_entries_currency_inr" CHECK ("ledger_entries"."currency" = 'INR')
);
--> statement-breakpoint
CREATE TABLE "ledger_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"booking_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_transactions_kind" CHECK ("ledger_transactions"."kind" in ('payment', 'completion', 'refund', 'release'))
);
--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_transaction_id_ledger_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."ledger_transactions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_transactions" ADD CONSTRAINT "ledger_transactions_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_transaction_idx" ON "ledger_entries" USING btree ("transaction_id");--> statement-breakpoint
CREATE INDEX "ledger_entries_user_account_idx" ON "ledger_entries" USING btree ("user_id","account");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_transactions_booking_kind_idx" ON "ledger_transactions" USING btree ("booking_id","kind") WHERE "ledger_transactions"."booking_id" is not null;