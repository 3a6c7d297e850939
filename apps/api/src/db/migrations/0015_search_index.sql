-- The task list's search by words (issue 23): the description's words as a stored tsvector of the
-- `simple` configuration (any language, no stemming), so that checking a row is cheap when the list
-- walks its newest rows, and a GIN index for words few tasks contain. Codes and numbers keep the
-- trigram index (tasks_code_trgm_idx): any part of a code finds it.
-- Written by hand (drizzle-kit generate --custom): the column is not in the Drizzle schema, so that
-- `select` of a task never reads it; only the list's search names it.
ALTER TABLE "tasks" ADD COLUMN "search_words" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "description")) STORED;--> statement-breakpoint
CREATE INDEX "tasks_search_words_idx" ON "tasks" USING gin ("search_words");
