-- Extensions the schema relies on (DESIGN.md §2, decision 001): case-insensitive e-mails (citext),
-- trigram search over mentor names and bios (pg_trgm), and exclusion constraints over booking time
-- ranges that mix equality and overlap (btree_gist). All three ship with PostgreSQL's contrib modules.
CREATE EXTENSION IF NOT EXISTS citext;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS btree_gist;
