CREATE TABLE "glossary_terms" (
	"id" serial PRIMARY KEY NOT NULL,
	"glossary_id" integer NOT NULL,
	"row" integer NOT NULL,
	"terms" jsonb NOT NULL,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "glossaries" ALTER COLUMN "languages" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "glossaries" ADD COLUMN "file_size" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "glossaries" ADD COLUMN "term_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "glossary_terms" ADD CONSTRAINT "glossary_terms_glossary_id_glossaries_id_fk" FOREIGN KEY ("glossary_id") REFERENCES "public"."glossaries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "glossary_terms_glossary_idx" ON "glossary_terms" USING btree ("glossary_id","row");--> statement-breakpoint
CREATE INDEX "glossaries_customer_idx" ON "glossaries" USING btree ("customer_id","created_at");