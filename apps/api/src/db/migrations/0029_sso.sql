-- Encrypted TOTP keys are longer than the Base32 text they replace (lib/secret-box.ts).
ALTER TABLE "users" ALTER COLUMN "totp_secret" TYPE text;
--> statement-breakpoint
CREATE TABLE "sso_providers" (
  "id" serial PRIMARY KEY NOT NULL,
  "customer_id" integer REFERENCES "customers"("id") ON DELETE cascade,
  "issuer_url" text NOT NULL,
  "client_id" varchar(255) NOT NULL,
  "client_secret_encrypted" text NOT NULL,
  "password_sign_in" boolean DEFAULT true NOT NULL,
  "create_users" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sso_providers_customer_idx" ON "sso_providers" ("customer_id");
--> statement-breakpoint
CREATE TABLE "sso_domains" (
  "domain" varchar(255) PRIMARY KEY NOT NULL,
  "provider_id" integer NOT NULL REFERENCES "sso_providers"("id") ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE "sso_logins" (
  "id" serial PRIMARY KEY NOT NULL,
  "state_hash" varchar(64) NOT NULL UNIQUE,
  "provider_id" integer NOT NULL REFERENCES "sso_providers"("id") ON DELETE cascade,
  "code_verifier" text NOT NULL,
  "nonce" text NOT NULL,
  "expires_at" timestamp with time zone NOT NULL,
  "used_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_sessions" (
  "session_id" integer PRIMARY KEY NOT NULL REFERENCES "sessions"("id") ON DELETE cascade,
  "provider_id" integer NOT NULL REFERENCES "sso_providers"("id") ON DELETE cascade,
  "id_token" text NOT NULL
);
