CREATE TABLE "topic_notes" (
	"user_id" uuid NOT NULL,
	"roadmap_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"label" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_notes_user_id_roadmap_id_node_id_pk" PRIMARY KEY("user_id","roadmap_id","node_id"),
	CONSTRAINT "topic_notes_text_length" CHECK (char_length("topic_notes"."text") between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "topic_recommendations" (
	"booking_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"roadmap_id" uuid NOT NULL,
	"mentee_id" uuid NOT NULL,
	"mentor_id" uuid NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "topic_recommendations_booking_id_node_id_pk" PRIMARY KEY("booking_id","node_id"),
	CONSTRAINT "topic_recommendations_note_length" CHECK (char_length("topic_recommendations"."note") <= 500)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "learning_roadmap_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "learning_node_ids" uuid[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "share_notes" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "topic_notes" ADD CONSTRAINT "topic_notes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_notes" ADD CONSTRAINT "topic_notes_roadmap_id_roadmaps_id_fk" FOREIGN KEY ("roadmap_id") REFERENCES "public"."roadmaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_recommendations" ADD CONSTRAINT "topic_recommendations_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_recommendations" ADD CONSTRAINT "topic_recommendations_roadmap_id_roadmaps_id_fk" FOREIGN KEY ("roadmap_id") REFERENCES "public"."roadmaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_recommendations" ADD CONSTRAINT "topic_recommendations_mentee_id_users_id_fk" FOREIGN KEY ("mentee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_recommendations" ADD CONSTRAINT "topic_recommendations_mentor_id_users_id_fk" FOREIGN KEY ("mentor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topic_recommendations_mentee_roadmap_idx" ON "topic_recommendations" USING btree ("mentee_id","roadmap_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_learning_roadmap_id_roadmaps_id_fk" FOREIGN KEY ("learning_roadmap_id") REFERENCES "public"."roadmaps"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_learning_topics_max" CHECK (cardinality("bookings"."learning_node_ids") <= 10);