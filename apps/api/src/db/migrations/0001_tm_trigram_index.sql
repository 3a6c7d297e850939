-- Fuzzy translation-memory candidates come from a trigram index, never from a scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "tm_units_source_trgm_idx" ON "tm_units" USING gin ("source_text" gin_trgm_ops);
