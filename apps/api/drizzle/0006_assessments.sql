CREATE TYPE "public"."test_status" AS ENUM('in_progress', 'passed', 'failed');--> statement-breakpoint
CREATE TABLE "assessment_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"stack_id" uuid NOT NULL,
	"application" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" "test_status" DEFAULT 'in_progress' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"submitted_at" timestamp with time zone,
	"score" integer,
	"total" integer NOT NULL,
	"late" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mentor_profiles" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"headline" text NOT NULL,
	"bio" text NOT NULL,
	"expirience" integer NOT NULL,
	"languages" text[] NOT NULL,
	"linkedin_url" text NOT NULL,
	"github_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_profiles_expirience_range" CHECK ("mentor_profiles"."expirience" between 1 and 50)
);
--> statement-breakpoint
CREATE TABLE "mentor_skills" (
	"user_id" uuid NOT NULL,
	"stack_id" uuid NOT NULL,
	"test_id" uuid,
	"assessed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mentor_skills_user_id_stack_id_pk" PRIMARY KEY("user_id","stack_id")
);
--> statement-breakpoint
CREATE TABLE "questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"stack_id" uuid NOT NULL,
	"text" text NOT NULL,
	"options" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "questions_options_array" CHECK (jsonb_typeof("questions"."options") = 'array')
);
--> statement-breakpoint
CREATE TABLE "stacks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" "citext" NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stacks_name_unique" UNIQUE("name")
);
--> statement-breakpoint
ALTER TABLE "assessment_tests" ADD CONSTRAINT "assessment_tests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_tests" ADD CONSTRAINT "assessment_tests_stack_id_stacks_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."stacks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_profiles" ADD CONSTRAINT "mentor_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_skills" ADD CONSTRAINT "mentor_skills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_skills" ADD CONSTRAINT "mentor_skills_stack_id_stacks_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."stacks"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mentor_skills" ADD CONSTRAINT "mentor_skills_test_id_assessment_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."assessment_tests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_stack_id_stacks_id_fk" FOREIGN KEY ("stack_id") REFERENCES "public"."stacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_tests_user_id_stack_id_idx" ON "assessment_tests" USING btree ("user_id","stack_id");--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_tests_one_in_progress_idx" ON "assessment_tests" USING btree ("user_id") WHERE "assessment_tests"."status" = 'in_progress';--> statement-breakpoint
CREATE INDEX "assessment_tests_stack_id_idx" ON "assessment_tests" USING btree ("stack_id");--> statement-breakpoint
CREATE INDEX "mentor_skills_stack_id_idx" ON "mentor_skills" USING btree ("stack_id");--> statement-breakpoint
CREATE INDEX "questions_stack_id_idx" ON "questions" USING btree ("stack_id");