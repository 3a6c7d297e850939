-- Every change that can alter a page of the task list (a task; the names and figures a row shows:
-- its customer, department, requester, invoice, guest quote request; who a client user may see:
-- department memberships) tells every server process on channel verba_task_list_change, whoever
-- made it (the API, a job, the CLI, psql), so that the processes' task list caches forget what
-- they knew (ADR 0022). A column a list row starts showing must be added here.
CREATE FUNCTION verba_notify_task_list_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verba_task_list_change', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tasks_task_list_change AFTER INSERT OR UPDATE OR DELETE ON "tasks"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER tasks_task_list_change_truncate AFTER TRUNCATE ON "tasks"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER quote_requests_task_list_change AFTER INSERT OR UPDATE OR DELETE ON "quote_requests"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER quote_requests_task_list_change_truncate AFTER TRUNCATE ON "quote_requests"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER department_users_task_list_change AFTER INSERT OR UPDATE OR DELETE ON "department_users"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER department_users_task_list_change_truncate AFTER TRUNCATE ON "department_users"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER customers_task_list_change AFTER UPDATE OF "name", "payment_scheme" OR DELETE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER customers_task_list_change_truncate AFTER TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER departments_task_list_change AFTER UPDATE OF "title" OR DELETE ON "departments"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER departments_task_list_change_truncate AFTER TRUNCATE ON "departments"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER users_task_list_change AFTER UPDATE OF "name", "lastname" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER users_task_list_change_truncate AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER invoices_task_list_change AFTER UPDATE OF "folio", "payment_status" OR DELETE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
--> statement-breakpoint
CREATE TRIGGER invoices_task_list_change_truncate AFTER TRUNCATE ON "invoices"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_task_list_change();
