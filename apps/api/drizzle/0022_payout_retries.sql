ALTER TABLE "payouts" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_retry_of_payouts_id_fk" FOREIGN KEY ("retry_of") REFERENCES "public"."payouts"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payouts_retry_of_unique" ON "payouts" USING btree ("retry_of");--> statement-breakpoint
CREATE INDEX "payouts_requested_at_idx" ON "payouts" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "payouts_status_requested_idx" ON "payouts" USING btree ("status","requested_at");