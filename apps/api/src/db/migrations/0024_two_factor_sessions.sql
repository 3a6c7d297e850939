ALTER TABLE "customers" ADD COLUMN "require_2fa" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_secret" varchar(64);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_enabled_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "totp_last_step" bigint;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "last_seen_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "enrolment_only" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "code_hash" varchar(64) NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "two_factor_recovery_codes_user_idx" ON "two_factor_recovery_codes" ("user_id");
--> statement-breakpoint
CREATE TABLE "two_factor_challenges" (
  "id" serial PRIMARY KEY NOT NULL,
  "token_hash" varchar(64) NOT NULL UNIQUE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "two_factor_challenges_user_idx" ON "two_factor_challenges" ("user_id");
--> statement-breakpoint
-- Seeing a session (last_seen_at) must not make every process forget its cached sessions (ADR 0005):
-- only the columns that decide what a session may do are announced.
DROP TRIGGER "sessions_auth_change" ON "sessions";
--> statement-breakpoint
CREATE TRIGGER sessions_auth_change
  AFTER UPDATE OF "token_hash", "user_id", "expires_at", "revoked_at", "enrolment_only" OR DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_auth_change();
