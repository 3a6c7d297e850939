CREATE TABLE "invoice_chain" (
	"id" integer PRIMARY KEY NOT NULL,
	"last_hash" varchar(64),
	"last_invoice_id" integer
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"series" varchar(16) PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"position" integer NOT NULL,
	"task_id" integer,
	"task_code" varchar(32) NOT NULL,
	"description" varchar(255) NOT NULL,
	"languages" varchar(255) NOT NULL,
	"words" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "issued_at" SET DATA TYPE date;--> statement-breakpoint
ALTER TABLE "invoices" ALTER COLUMN "enterprise" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "series" varchar(16) NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "number" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "rectifies_id" integer;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reason" varchar(255);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_amount" numeric(12, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "tax_percentage" numeric(6, 2) DEFAULT '0' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "paid_at" date;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "payment_method" varchar(100);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "address" varchar(255);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "postal_code" varchar(32);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "country_id" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "language" varchar(2) DEFAULT 'en' NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "hash" varchar(64) NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "previous_hash" varchar(64);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD CONSTRAINT "invoice_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoice_lines_invoice_idx" ON "invoice_lines" USING btree ("invoice_id","position");--> statement-breakpoint
CREATE INDEX "invoice_lines_task_idx" ON "invoice_lines" USING btree ("task_id");--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_rectifies_id_invoices_id_fk" FOREIGN KEY ("rectifies_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_series_number_unique" ON "invoices" USING btree ("series","number");--> statement-breakpoint
CREATE INDEX "invoices_customer_idx" ON "invoices" USING btree ("customer_id","issued_at");--> statement-breakpoint
CREATE INDEX "invoices_issued_idx" ON "invoices" USING btree ("issued_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_rectifies_unique" ON "invoices" USING btree ("rectifies_id");--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "address_1";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "zip_code";--> statement-breakpoint
ALTER TABLE "invoices" DROP COLUMN "country";--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_hash_unique" UNIQUE("hash");