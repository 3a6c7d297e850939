-- Fuzzy translation-memory candidates come from the analysis's own index of the pair's sources
-- (ADR 0027): the trigram index of tm_units is read by nothing, and it was two thirds of an
-- import's database work. pg_trgm stays (the task search uses it).
DROP INDEX IF EXISTS "tm_units_source_trgm_idx";
