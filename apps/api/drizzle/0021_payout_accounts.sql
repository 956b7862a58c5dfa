CREATE TABLE "payout_accounts" (
	"mentor_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"destination_key" text NOT NULL,
	"provider_account_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payout_accounts_mentor_id_provider_destination_key_pk" PRIMARY KEY("mentor_id","provider","destination_key")
);
--> statement-breakpoint
ALTER TABLE "payout_accounts" ADD CONSTRAINT "payout_accounts_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payouts_provider_payout_idx" ON "payouts" USING btree ("provider_payout_id");