-- Every change that can alter a task's detail (GET /api/task/:id) tells every server process on
-- channel verba_task_detail_change, whoever made it (the API, a job, the CLI, psql), so that the
-- processes forget the detail replies they kept (ADR 0024):
-- - a change of tasks' own rows (the task, its files, counts, translations, targets, concepts,
--   payments, state changes) names those tasks' ids, comma-separated, once per statement;
-- - a change of what many tasks show (languages, service levels, names, invoices), of who may see
--   them (department memberships), a truncate, or more tasks than a notification holds, names
--   nothing: every kept detail is forgotten.
-- A table or column the detail starts showing must be added here.
CREATE FUNCTION verba_notify_task_detail_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verba_task_detail_change', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The tasks a statement touched, from its transition tables (old_rows, new_rows): TG_ARGV[0] names
-- the column holding a task's id ('id' on tasks); a word count holds its source file's id, and a
-- count deleted with its file is left out, since the file's own statement names the task.
CREATE FUNCTION verba_notify_task_detail_change_of_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  changed_rows text := CASE TG_OP
    WHEN 'INSERT' THEN 'select * from new_rows'
    WHEN 'DELETE' THEN 'select * from old_rows'
    ELSE 'select * from old_rows union all select * from new_rows' END;
  task_of text := CASE WHEN TG_TABLE_NAME = 'word_counts'
    THEN '(select f.task_id from source_files f where f.id = r.source_file_id)'
    ELSE format('r.%I', TG_ARGV[0]) END;
  task_ids text;
BEGIN
  EXECUTE format(
    'select string_agg(distinct task_id::text, '','') from (select %s as task_id from (%s) r) t where task_id is not null',
    task_of, changed_rows) INTO task_ids;
  IF task_ids IS NOT NULL THEN
    -- A payload holds under 8,000 bytes: past some 500 tasks, every detail is forgotten instead.
    PERFORM pg_notify('verba_task_detail_change', CASE WHEN length(task_ids) > 4000 THEN '' ELSE task_ids END);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_task_detail_insert AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('id');
--> statement-breakpoint
CREATE TRIGGER tasks_task_detail_update AFTER UPDATE ON "tasks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('id');
--> statement-breakpoint
CREATE TRIGGER tasks_task_detail_delete AFTER DELETE ON "tasks" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('id');
--> statement-breakpoint
CREATE TRIGGER tasks_task_detail_truncate AFTER TRUNCATE ON "tasks"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER source_files_task_detail_insert AFTER INSERT ON "source_files" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER source_files_task_detail_update AFTER UPDATE ON "source_files" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER source_files_task_detail_delete AFTER DELETE ON "source_files" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER source_files_task_detail_truncate AFTER TRUNCATE ON "source_files"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER word_counts_task_detail_insert AFTER INSERT ON "word_counts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('source_file_id');
--> statement-breakpoint
CREATE TRIGGER word_counts_task_detail_update AFTER UPDATE ON "word_counts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('source_file_id');
--> statement-breakpoint
CREATE TRIGGER word_counts_task_detail_delete AFTER DELETE ON "word_counts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('source_file_id');
--> statement-breakpoint
CREATE TRIGGER word_counts_task_detail_truncate AFTER TRUNCATE ON "word_counts"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER translated_files_task_detail_insert AFTER INSERT ON "translated_files" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER translated_files_task_detail_update AFTER UPDATE ON "translated_files" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER translated_files_task_detail_delete AFTER DELETE ON "translated_files" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER translated_files_task_detail_truncate AFTER TRUNCATE ON "translated_files"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER task_target_languages_task_detail_insert AFTER INSERT ON "task_target_languages" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER task_target_languages_task_detail_update AFTER UPDATE ON "task_target_languages" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER task_target_languages_task_detail_delete AFTER DELETE ON "task_target_languages" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER task_target_languages_task_detail_truncate AFTER TRUNCATE ON "task_target_languages"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER other_concepts_task_detail_insert AFTER INSERT ON "other_concepts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER other_concepts_task_detail_update AFTER UPDATE ON "other_concepts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER other_concepts_task_detail_delete AFTER DELETE ON "other_concepts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER other_concepts_task_detail_truncate AFTER TRUNCATE ON "other_concepts"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER pay_task_histories_task_detail_insert AFTER INSERT ON "pay_task_histories" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER pay_task_histories_task_detail_update AFTER UPDATE ON "pay_task_histories" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER pay_task_histories_task_detail_delete AFTER DELETE ON "pay_task_histories" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER pay_task_histories_task_detail_truncate AFTER TRUNCATE ON "pay_task_histories"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER task_state_changes_task_detail_insert AFTER INSERT ON "task_state_changes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER task_state_changes_task_detail_update AFTER UPDATE ON "task_state_changes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER task_state_changes_task_detail_delete AFTER DELETE ON "task_state_changes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change_of_tasks('task_id');
--> statement-breakpoint
CREATE TRIGGER task_state_changes_task_detail_truncate AFTER TRUNCATE ON "task_state_changes"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER department_users_task_detail_change AFTER INSERT OR UPDATE OR DELETE ON "department_users"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER department_users_task_detail_truncate AFTER TRUNCATE ON "department_users"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER languages_task_detail_change AFTER INSERT OR UPDATE OR DELETE ON "languages"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER languages_task_detail_truncate AFTER TRUNCATE ON "languages"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER translation_types_task_detail_change AFTER INSERT OR UPDATE OR DELETE ON "translation_types"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER translation_types_task_detail_truncate AFTER TRUNCATE ON "translation_types"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER customers_task_detail_change AFTER UPDATE OF "name", "payment_scheme" OR DELETE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER customers_task_detail_truncate AFTER TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER departments_task_detail_change AFTER UPDATE OF "title" OR DELETE ON "departments"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER departments_task_detail_truncate AFTER TRUNCATE ON "departments"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER users_task_detail_change AFTER UPDATE OF "name", "lastname", "type" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER users_task_detail_truncate AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER invoices_task_detail_change AFTER UPDATE OF "folio", "payment_status" OR DELETE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
--> statement-breakpoint
CREATE TRIGGER invoices_task_detail_truncate AFTER TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_detail_change();
