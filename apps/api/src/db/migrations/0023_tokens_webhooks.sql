CREATE TABLE "api_tokens" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "created_by" integer REFERENCES "users"("id") ON DELETE set null,
  "name" varchar(100) NOT NULL,
  "token_hash" varchar(64) NOT NULL UNIQUE,
  "prefix" varchar(16) NOT NULL,
  "scopes" text[] NOT NULL,
  "expires_at" timestamp with time zone,
  "last_used_at" timestamp with time zone,
  "last_used_ip" varchar(64),
  "revoked_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "api_tokens_user_idx" ON "api_tokens" USING btree ("user_id");
--> statement-breakpoint
-- A revoked or deleted token ends at once in every server process, as a session does (ADR 0005).
-- Recording its last use is not such a change, so only these columns notify.
CREATE TRIGGER api_tokens_auth_change AFTER UPDATE OF "revoked_at", "expires_at", "scopes" OR DELETE ON "api_tokens"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_auth_change();
--> statement-breakpoint
-- Deactivating a user or changing their role revokes their tokens, whoever makes the change.
CREATE FUNCTION verba_revoke_user_tokens() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.is_active IS DISTINCT FROM OLD.is_active AND NOT NEW.is_active
     OR NEW.type IS DISTINCT FROM OLD.type
     OR NEW.customer_id IS DISTINCT FROM OLD.customer_id THEN
    UPDATE "api_tokens" SET "revoked_at" = now() WHERE "user_id" = NEW.id AND "revoked_at" IS NULL;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_revoke_tokens AFTER UPDATE OF "type", "is_active", "customer_id" ON "users"
  FOR EACH ROW EXECUTE FUNCTION verba_revoke_user_tokens();
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
  "id" serial PRIMARY KEY NOT NULL,
  "customer_id" integer NOT NULL REFERENCES "customers"("id") ON DELETE cascade,
  "url" varchar(2000) NOT NULL,
  "events" text[] NOT NULL,
  "secret" varchar(100) NOT NULL,
  "is_active" boolean DEFAULT true NOT NULL,
  "failing_since" timestamp with time zone,
  "disabled_at" timestamp with time zone,
  "created_by" integer REFERENCES "users"("id") ON DELETE set null,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_customer_idx" ON "webhook_endpoints" USING btree ("customer_id");
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
  "id" serial PRIMARY KEY NOT NULL,
  "endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE cascade,
  "event_id" varchar(64) NOT NULL,
  "event_type" varchar(40) NOT NULL,
  "body" text NOT NULL,
  "status" varchar(16) DEFAULT 'pending' NOT NULL,
  "attempts" integer DEFAULT 0 NOT NULL,
  "next_attempt_at" timestamp with time zone,
  "delivered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_idx" ON "webhook_deliveries" USING btree ("endpoint_id", "event_id");
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_created_idx" ON "webhook_deliveries" USING btree ("endpoint_id", "created_at");
--> statement-breakpoint
CREATE TABLE "webhook_attempts" (
  "id" serial PRIMARY KEY NOT NULL,
  "delivery_id" integer NOT NULL REFERENCES "webhook_deliveries"("id") ON DELETE cascade,
  "started_at" timestamp with time zone NOT NULL,
  "duration_ms" integer NOT NULL,
  "status_code" integer,
  "error" varchar(500),
  "response" text,
  "manual" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("delivery_id");
