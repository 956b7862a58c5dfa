CREATE TABLE "mentor_availability" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"timezone" text NOT NULL,
	"price_per_session" integer NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"overrides" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"has_hours" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_availability_price_rule" CHECK ("mentor_availability"."price_per_session" >= 10000 and "mentor_availability"."price_per_session" % 10000 = 0)
);
--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD COLUMN "companies" text[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD COLUMN "rating_total" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD COLUMN "review_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD COLUMN "sessions_held" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mentor_availability" ADD CONSTRAINT "mentor_availability_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mentor_profiles_search_text_trgm_idx" ON "mentor_profiles" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD CONSTRAINT "mentor_profiles_companies_max" CHECK (cardinality("mentor_profiles"."companies") <= 5);--> statement-breakpoint
-- The listing searches name, headline, bio and companies in one text through its trigram index; the name
-- lives on users, so a trigger on each table keeps the text current.
CREATE FUNCTION "mentor_profiles_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(' ', (SELECT name FROM users WHERE id = NEW.user_id), NEW.headline, NEW.bio, array_to_string(NEW.companies, ' ')));
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "mentor_profiles_search_text" BEFORE INSERT OR UPDATE ON "mentor_profiles" FOR EACH ROW EXECUTE FUNCTION "mentor_profiles_search_text"();--> statement-breakpoint
CREATE FUNCTION "users_name_to_mentor_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE mentor_profiles SET search_text = '' WHERE user_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_name_to_mentor_search_text" AFTER UPDATE OF "name" ON "users" FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "users_name_to_mentor_search_text"();--> statement-breakpoint
UPDATE "mentor_profiles" SET "search_text" = '';
