CREATE TABLE "tm_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"source_lang" varchar(16) NOT NULL,
	"target_lang" varchar(16) NOT NULL,
	"origin" varchar(16) NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"imported_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tm_units" ADD COLUMN "import_id" integer;--> statement-breakpoint
ALTER TABLE "tm_imports" ADD CONSTRAINT "tm_imports_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tm_imports" ADD CONSTRAINT "tm_imports_imported_by_users_id_fk" FOREIGN KEY ("imported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tm_imports_pair_idx" ON "tm_imports" USING btree ("customer_id","source_lang","target_lang");--> statement-breakpoint
CREATE INDEX "tm_units_import_idx" ON "tm_units" USING btree ("import_id");--> statement-breakpoint
CREATE INDEX "tm_units_pair_id_idx" ON "tm_units" USING btree ("customer_id","source_lang","target_lang","id");