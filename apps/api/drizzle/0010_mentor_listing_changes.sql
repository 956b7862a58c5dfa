-- Every api process keeps pages of the mentor listing in memory (modules/mentors/listing-cache.ts) and drops
-- them when it hears of a change on this channel. The triggers notify on anything that can alter a card or the
-- set of listed mentors, from any writer (the api, a seeder, the database console); PostgreSQL delivers the
-- notification once the transaction commits, and one per transaction however many rows it touched.
-- The bookings work must notify the channel too when a booking takes or frees a slot (a card shows its
-- mentor's next free slot).
CREATE FUNCTION "mentor_listing_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('mentor_listing_changed', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mentor_profiles_listing_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mentor_profiles" FOR EACH STATEMENT EXECUTE FUNCTION "mentor_listing_changed"();--> statement-breakpoint
CREATE TRIGGER "mentor_availability_listing_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mentor_availability" FOR EACH STATEMENT EXECUTE FUNCTION "mentor_listing_changed"();--> statement-breakpoint
CREATE TRIGGER "mentor_skills_listing_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mentor_skills" FOR EACH STATEMENT EXECUTE FUNCTION "mentor_listing_changed"();--> statement-breakpoint
-- Of a user, only what a card shows or what decides whether they are listed; not a sign-in's bookkeeping.
CREATE TRIGGER "users_listing_changed" AFTER UPDATE OF "name", "avatar", "role", "blocked_at" ON "users" FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.avatar IS DISTINCT FROM NEW.avatar OR OLD.role IS DISTINCT FROM NEW.role OR OLD.blocked_at IS DISTINCT FROM NEW.blocked_at)
  EXECUTE FUNCTION "mentor_listing_changed"();--> statement-breakpoint
CREATE TRIGGER "stacks_listing_changed" AFTER UPDATE OF "name" ON "stacks" FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION "mentor_listing_changed"();
