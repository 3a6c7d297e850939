-- Several servers on one database share their request limits and their secrets.
-- Counters of @fastify/rate-limit (one row per route and caller); unlogged: losing them in a crash
-- only resets the windows, and they cost no WAL.
CREATE UNLOGGED TABLE IF NOT EXISTS "rate_limit_counters" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_ends" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Keys every server must agree on (the quote form's challenge key), made by the first to need one.
CREATE TABLE IF NOT EXISTS "shared_secrets" (
	"name" varchar(64) PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
