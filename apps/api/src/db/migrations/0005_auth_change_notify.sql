-- Every change that can end a session or change what a session's user may do (logout, password
-- change, deactivation of a user or a customer, a new role or customer) tells every server
-- process on channel verba_auth_change, whoever made it (the API, a job, the CLI, psql), so that
-- the processes' session caches forget what they knew (ADR 0005).
CREATE FUNCTION verba_notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verba_auth_change', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_change AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER sessions_auth_change_truncate AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_auth_change
  AFTER UPDATE OF "type", "email", "name", "lastname", "language", "customer_id", "is_active" OR DELETE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_auth_change_truncate AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER customers_auth_change AFTER UPDATE OF "is_active" OR DELETE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER customers_auth_change_truncate AFTER TRUNCATE ON "customers"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_auth_change();
