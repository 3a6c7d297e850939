CREATE TABLE "general_minimum_rates" (
	"translation_type_id" integer NOT NULL,
	"hour" numeric(12, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "general_minimum_rates_translation_type_id_pk" PRIMARY KEY("translation_type_id")
);
--> statement-breakpoint
CREATE TABLE "used_bot_solutions" (
	"signature" varchar(128) PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "link_token" varchar(64);--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "ip" varchar(64);--> statement-breakpoint
ALTER TABLE "quote_requests" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "general_minimum_rates" ADD CONSTRAINT "general_minimum_rates_translation_type_id_translation_types_id_fk" FOREIGN KEY ("translation_type_id") REFERENCES "public"."translation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_requests_email_idx" ON "quote_requests" USING btree ("email","created_at");--> statement-breakpoint
CREATE INDEX "quote_requests_task_idx" ON "quote_requests" USING btree ("task_id");--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_link_token_unique" UNIQUE("link_token");