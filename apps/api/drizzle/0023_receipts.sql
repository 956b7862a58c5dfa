CREATE TABLE "document_series" (
	"series" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_series_series_financial_year_pk" PRIMARY KEY("series","financial_year"),
	CONSTRAINT "document_series_last_number_positive" CHECK ("document_series"."last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "financial_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"financial_year" text NOT NULL,
	"receipt_id" uuid,
	"amount" bigint NOT NULL,
	"platform_fee" bigint NOT NULL,
	"gst_on_fee" bigint NOT NULL,
	"mentor_share" bigint NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "financial_documents_kind" CHECK ("financial_documents"."kind" in ('receipt', 'credit_note')),
	CONSTRAINT "financial_documents_parts_add_up" CHECK ("financial_documents"."platform_fee" + "financial_documents"."gst_on_fee" + "financial_documents"."mentor_share" = "financial_documents"."amount"),
	CONSTRAINT "financial_documents_credit_note_refers" CHECK (("financial_documents"."kind" = 'credit_note') = ("financial_documents"."receipt_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "financial_documents" ADD CONSTRAINT "financial_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "financial_documents" ADD CONSTRAINT "financial_documents_receipt_id_financial_documents_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."financial_documents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "financial_documents_number_idx" ON "financial_documents" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "financial_documents_booking_kind_idx" ON "financial_documents" USING btree ("booking_id","kind");--> statement-breakpoint
-- Written by hand (drizzle-kit cannot write triggers): an issued receipt or credit note is never changed or
-- removed (decision 056); a mistake is corrected by a new document.
CREATE FUNCTION financial_documents_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'receipts and credit notes are append-only: % on % is refused', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER financial_documents_append_only
  BEFORE UPDATE OR DELETE ON financial_documents
  FOR EACH ROW EXECUTE FUNCTION financial_documents_refuse_change();
--> statement-breakpoint
CREATE TRIGGER financial_documents_no_truncate
  BEFORE TRUNCATE ON financial_documents
  FOR EACH STATEMENT EXECUTE FUNCTION financial_documents_refuse_change();
