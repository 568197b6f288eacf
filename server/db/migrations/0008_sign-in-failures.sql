CREATE TABLE "sign_in_failures" (
	"email" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sign_in_failures_positive" CHECK ("sign_in_failures"."failures" > 0)
);
