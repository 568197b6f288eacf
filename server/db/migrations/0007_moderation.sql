CREATE TABLE "moderation_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"subject_label" text NOT NULL,
	"report_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_actions_action_valid" CHECK ("moderation_actions"."action" in ('report_reviewed', 'report_resolved', 'content_hidden', 'content_unhidden', 'role_granted', 'role_revoked')),
	CONSTRAINT "moderation_actions_subject_type_valid" CHECK ("moderation_actions"."subject_type" in ('review', 'post', 'comment', 'post_comment', 'user'))
);
--> statement-breakpoint
DROP INDEX "user_reports_created_idx";--> statement-breakpoint
ALTER TABLE "user_reports" ADD COLUMN "details" text;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_actor_id_profiles_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_actions" ADD CONSTRAINT "moderation_actions_report_id_user_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."user_reports"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_actions_created_idx" ON "moderation_actions" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_actions_actor_id_idx" ON "moderation_actions" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "user_reports_queue_idx" ON "user_reports" USING btree (("status" = 'pending') desc,"created_at" desc,"id" desc);--> statement-breakpoint
CREATE UNIQUE INDEX "user_reports_one_open_idx" ON "user_reports" USING btree ("reporter_id","reported_type","reported_id") WHERE "user_reports"."status" = 'pending';--> statement-breakpoint
-- Reasons were free text before; anything outside the list now reads as 'other'.
UPDATE "user_reports" SET "reason" = 'other' WHERE "reason" NOT IN ('spam', 'harassment', 'inappropriate', 'misleading', 'other');--> statement-breakpoint
ALTER TABLE "user_reports" ADD CONSTRAINT "user_reports_reason_valid" CHECK ("user_reports"."reason" in ('spam', 'harassment', 'inappropriate', 'misleading', 'other'));