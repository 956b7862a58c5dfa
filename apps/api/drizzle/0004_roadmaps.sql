CREATE TYPE "public"."roadmap_node_type" AS ENUM('topic', 'subtopic');--> statement-breakpoint
CREATE TYPE "public"."roadmap_progress_status" AS ENUM('in_progress', 'done', 'skipped');--> statement-breakpoint
CREATE TYPE "public"."roadmap_status" AS ENUM('drafted', 'published', 'rejected');--> statement-breakpoint
CREATE TABLE "roadmap_edges" (
	"roadmap_id" uuid NOT NULL,
	"source_id" uuid NOT NULL,
	"target_id" uuid NOT NULL,
	CONSTRAINT "roadmap_edges_source_id_target_id_pk" PRIMARY KEY("source_id","target_id"),
	CONSTRAINT "roadmap_edges_not_a_loop" CHECK ("roadmap_edges"."source_id" <> "roadmap_edges"."target_id")
);
--> statement-breakpoint
CREATE TABLE "roadmap_node_details" (
	"node_id" uuid PRIMARY KEY NOT NULL,
	"roadmap_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"links" jsonb NOT NULL,
	CONSTRAINT "roadmap_node_details_links_array" CHECK (jsonb_typeof("roadmap_node_details"."links") = 'array')
);
--> statement-breakpoint
CREATE TABLE "roadmap_nodes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"roadmap_id" uuid NOT NULL,
	"type" "roadmap_node_type" NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"label" text NOT NULL,
	"background" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "roadmap_progress" (
	"user_id" uuid NOT NULL,
	"node_id" uuid NOT NULL,
	"roadmap_id" uuid NOT NULL,
	"status" "roadmap_progress_status" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "roadmap_progress_user_id_node_id_pk" PRIMARY KEY("user_id","node_id")
);
--> statement-breakpoint
CREATE TABLE "roadmaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"status" "roadmap_status" DEFAULT 'drafted' NOT NULL,
	"is_active" boolean DEFAULT false NOT NULL,
	"admin_feedback" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "roadmap_edges" ADD CONSTRAINT "roadmap_edges_roadmap_id_roadmaps_id_fk" FOREIGN KEY ("roadmap_id") REFERENCES "public"."roadmaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_edges" ADD CONSTRAINT "roadmap_edges_source_id_roadmap_nodes_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."roadmap_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_edges" ADD CONSTRAINT "roadmap_edges_target_id_roadmap_nodes_id_fk" FOREIGN KEY ("target_id") REFERENCES "public"."roadmap_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_node_details" ADD CONSTRAINT "roadmap_node_details_node_id_roadmap_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."roadmap_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_node_details" ADD CONSTRAINT "roadmap_node_details_roadmap_id_roadmaps_id_fk" FOREIGN KEY ("roadmap_id") REFERENCES "public"."roadmaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_nodes" ADD CONSTRAINT "roadmap_nodes_roadmap_id_roadmaps_id_fk" FOREIGN KEY ("roadmap_id") REFERENCES "public"."roadmaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_progress" ADD CONSTRAINT "roadmap_progress_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_progress" ADD CONSTRAINT "roadmap_progress_node_id_roadmap_nodes_id_fk" FOREIGN KEY ("node_id") REFERENCES "public"."roadmap_nodes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmap_progress" ADD CONSTRAINT "roadmap_progress_roadmap_id_roadmaps_id_fk" FOREIGN KEY ("roadmap_id") REFERENCES "public"."roadmaps"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "roadmaps" ADD CONSTRAINT "roadmaps_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "roadmap_edges_roadmap_id_idx" ON "roadmap_edges" USING btree ("roadmap_id");--> statement-breakpoint
CREATE INDEX "roadmap_edges_target_id_idx" ON "roadmap_edges" USING btree ("target_id");--> statement-breakpoint
CREATE INDEX "roadmap_node_details_roadmap_id_idx" ON "roadmap_node_details" USING btree ("roadmap_id");--> statement-breakpoint
CREATE INDEX "roadmap_nodes_roadmap_id_idx" ON "roadmap_nodes" USING btree ("roadmap_id");--> statement-breakpoint
CREATE INDEX "roadmap_progress_user_id_roadmap_id_idx" ON "roadmap_progress" USING btree ("user_id","roadmap_id");--> statement-breakpoint
CREATE INDEX "roadmap_progress_node_id_idx" ON "roadmap_progress" USING btree ("node_id");--> statement-breakpoint
CREATE INDEX "roadmaps_status_is_active_idx" ON "roadmaps" USING btree ("status","is_active");--> statement-breakpoint
CREATE INDEX "roadmaps_author_id_idx" ON "roadmaps" USING btree ("author_id");