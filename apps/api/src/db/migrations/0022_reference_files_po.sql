CREATE TABLE "task_reference_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_path" text NOT NULL,
	"size" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "po_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "po_number" varchar(50);--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "client_reference" varchar(100);--> statement-breakpoint
ALTER TABLE "task_reference_files" ADD CONSTRAINT "task_reference_files_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "task_reference_files_task_idx" ON "task_reference_files" USING btree ("task_id");--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "po_number" varchar(50);--> statement-breakpoint
ALTER TABLE "invoice_lines" ADD COLUMN "client_reference" varchar(100);--> statement-breakpoint
-- The list's search also finds a task by its purchase order number and the client's reference
-- (written by hand: the column is not in the Drizzle schema, see 0015). Their punctuation parts
-- words, as the search's own words are letters and digits: the parser would read "PO-2026-0042"
-- as "po" and the numbers 2026 and -0042, and "Q3/77" as a path.
DROP INDEX "tasks_search_words_idx";--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN "search_words";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "search_words" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "description" || ' ' || regexp_replace(coalesce("po_number", '') || ' ' || coalesce("client_reference", ''), '[!-/:-@[-`{-~]+', ' ', 'g'))) STORED;--> statement-breakpoint
CREATE INDEX "tasks_search_words_idx" ON "tasks" USING gin ("search_words");--> statement-breakpoint
-- A task's reference files are part of its detail (ADR 0024).
CREATE TRIGGER task_reference_files_task_detail_insert AFTER INSERT ON "task_reference_files" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');--> statement-breakpoint
CREATE TRIGGER task_reference_files_task_detail_update AFTER UPDATE ON "task_reference_files" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');--> statement-breakpoint
CREATE TRIGGER task_reference_files_task_detail_delete AFTER DELETE ON "task_reference_files" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');--> statement-breakpoint
CREATE TRIGGER task_reference_files_task_detail_truncate AFTER TRUNCATE ON "task_reference_files"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
