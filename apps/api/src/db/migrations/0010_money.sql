ALTER TABLE "payments" ADD COLUMN "price_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "price_version" integer DEFAULT 0 NOT NULL;