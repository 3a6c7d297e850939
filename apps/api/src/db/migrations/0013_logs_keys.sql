-- Issue 22: old action-log rows get the message key and values of their description where the
-- English text says which (each reader then sees it in their language); the rest keep their text.
-- Self-contained: only rows without a key are touched, most specific patterns first.
UPDATE "action_logs" SET "description_key" = 'auth.signed_in', "params" = '{}'::jsonb WHERE "description_key" IS NULL AND "description" = 'Signed in';
--> statement-breakpoint
UPDATE "action_logs" SET "description_key" = 'auth.signed_out', "params" = '{}'::jsonb WHERE "description_key" IS NULL AND "description" = 'Signed out';
--> statement-breakpoint
UPDATE "action_logs" SET "description_key" = 'auth.sign_in_failed', "params" = '{}'::jsonb WHERE "description_key" IS NULL AND "description" = 'Failed sign-in attempt';
--> statement-breakpoint
UPDATE "action_logs" SET "description_key" = 'auth.reset_requested', "params" = '{}'::jsonb WHERE "description_key" IS NULL AND "description" = 'Password reset requested';
--> statement-breakpoint
UPDATE "action_logs" SET "description_key" = 'auth.reset_checked', "params" = '{}'::jsonb WHERE "description_key" IS NULL AND "description" = 'Password reset link checked';
--> statement-breakpoint
UPDATE "action_logs" SET "description_key" = 'auth.reset_done', "params" = '{}'::jsonb WHERE "description_key" IS NULL AND "description" = 'Password reset with a mailed link';
--> statement-breakpoint
UPDATE "action_logs" SET "description_key" = 'users.password_changed', "params" = '{}'::jsonb WHERE "description_key" IS NULL AND "description" = 'Changed own password';
--> statement-breakpoint
UPDATE "action_logs" SET "description_key" = 'grid.updated', "params" = '{}'::jsonb WHERE "description_key" IS NULL AND "description" = 'Updated the global payable grid';
--> statement-breakpoint
UPDATE "action_logs" SET "description_key" = 'payments.wrong_signature', "params" = '{}'::jsonb WHERE "description_key" IS NULL AND "description" = 'sandbox bank: request with a wrong signature';
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'users.language_set', "params" = jsonb_build_object('language', m[1])
FROM (SELECT "id", regexp_match("description", '^Interface language set to (\w+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.state_changed', "params" = jsonb_build_object('code', m[1], 'from', m[2], 'to', m[3])
FROM (SELECT "id", regexp_match("description", '^Task (\S+) ([A-Z_]+) -> ([A-Z_]+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.amount_changed', "params" = jsonb_build_object('code', m[1], 'from', m[2], 'to', m[3])
FROM (SELECT "id", regexp_match("description", '^Task (\S+) amount to pay (\S+) -> (\S+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.days_changed', "params" = jsonb_build_object('code', m[1], 'from', m[2], 'to', m[3])
FROM (SELECT "id", regexp_match("description", '^Task (\S+) days to add (\S+) -> (\S+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.files_validated', "params" = jsonb_build_object('code', m[1])
FROM (SELECT "id", regexp_match("description", '^Task (\S+) source files validated$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.files_unvalidated', "params" = jsonb_build_object('code', m[1])
FROM (SELECT "id", regexp_match("description", '^Task (\S+) source files no longer validated$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.delivered_learned', "params" = jsonb_build_object('code', m[1], 'file', m[2], 'units', m[3])
FROM (SELECT "id", regexp_match("description", '^Task (\S+): delivered (.+) \((\d+) units to the memory\)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.delivered', "params" = jsonb_build_object('code', m[1], 'file', m[2])
FROM (SELECT "id", regexp_match("description", '^Task (\S+): delivered (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.delivery_removed', "params" = jsonb_build_object('file', m[1])
FROM (SELECT "id", regexp_match("description", '^Removed delivered file (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.translations_downloaded', "params" = jsonb_build_object('code', m[1])
FROM (SELECT "id", regexp_match("description", '^Downloaded the translations of task (\S+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'quotes.downloaded', "params" = jsonb_build_object('code', m[1], 'locale', m[2])
FROM (SELECT "id", regexp_match("description", '^Downloaded the quote of task (\S+) \((\w+)\)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'quotes.sent', "params" = jsonb_build_object('code', m[1], 'email', m[2], 'locale', m[3])
FROM (SELECT "id", regexp_match("description", '^Sent the quote of task (\S+) to (\S+) \((\w+)\)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.created', "params" = jsonb_build_object('code', m[1], 'description', m[2], 'files', m[3])
FROM (SELECT "id", regexp_match("description", '^Created task (\S+) \"(.*)\" with (\d+) files$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.edited', "params" = jsonb_build_object('code', m[1], 'added', m[2], 'removed', m[3])
FROM (SELECT "id", regexp_match("description", '^Edited task (\S+): (\d+) files added, (\d+) removed$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.deleted', "params" = jsonb_build_object('code', m[1], 'description', m[2])
FROM (SELECT "id", regexp_match("description", '^Deleted task (\S+) \"(.*)\"$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.sent_deferred', "params" = jsonb_build_object('code', m[1], 'amount', m[2])
FROM (SELECT "id", regexp_match("description", '^Task (\S+) sent to production on deferred terms \((\S+) EUR\)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'payments.recorded', "params" = jsonb_build_object('code', m[1], 'amount', m[2], 'type', m[3])
FROM (SELECT "id", regexp_match("description", '^Task (\S+): payment of (\S+) EUR by (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'payments.already_paid', "params" = jsonb_build_object('code', m[1])
FROM (SELECT "id", regexp_match("description", '^Task (\S+): payment refused, the task is already paid$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'payments.already_state', "params" = jsonb_build_object('code', m[1], 'state', m[2])
FROM (SELECT "id", regexp_match("description", '^Task (\S+): payment refused, the task is already ([A-Z_]+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'tasks.source_downloaded', "params" = jsonb_build_object('file', m[1])
FROM (SELECT "id", regexp_match("description", '^Downloaded (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'customers.created', "params" = jsonb_build_object('name', m[1])
FROM (SELECT "id", regexp_match("description", '^Created customer (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'customers.updated', "params" = jsonb_build_object('name', m[1])
FROM (SELECT "id", regexp_match("description", '^Updated customer (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'customers.deactivated', "params" = jsonb_build_object('name', m[1])
FROM (SELECT "id", regexp_match("description", '^Deactivated customer (.+) \(it has tasks or invoices\)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'customers.deleted', "params" = jsonb_build_object('name', m[1])
FROM (SELECT "id", regexp_match("description", '^Deleted customer (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'customers.bonus', "params" = jsonb_build_object('amount', m[1], 'name', m[2])
FROM (SELECT "id", regexp_match("description", '^Bonus of (\S+) EUR for (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'customers.projects_assigned', "params" = jsonb_build_object('name', m[1])
FROM (SELECT "id", regexp_match("description", '^Assigned projects to (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'departments.created', "params" = jsonb_build_object('title', m[1])
FROM (SELECT "id", regexp_match("description", '^Created department (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'departments.updated', "params" = jsonb_build_object('title', m[1])
FROM (SELECT "id", regexp_match("description", '^Updated department (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'departments.deleted', "params" = jsonb_build_object('title', m[1])
FROM (SELECT "id", regexp_match("description", '^Deleted department (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'users.updated', "params" = jsonb_build_object('email', m[1])
FROM (SELECT "id", regexp_match("description", '^Updated user (.+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'users.deactivated', "params" = jsonb_build_object('email', m[1])
FROM (SELECT "id", regexp_match("description", '^Deactivated (\S+) \(has tasks\)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'users.deleted', "params" = jsonb_build_object('email', m[1])
FROM (SELECT "id", regexp_match("description", '^Deleted (\S+@\S+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'users.created', "params" = jsonb_build_object('type', m[1], 'email', m[2])
FROM (SELECT "id", regexp_match("description", '^Created ([A-Z_]+) (\S+@\S+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'settings.next_task_id', "params" = jsonb_build_object('id', m[1])
FROM (SELECT "id", regexp_match("description", '^Next task id set to (\d+)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'languages.source_on', "params" = jsonb_build_object('code', m[1])
FROM (SELECT "id", regexp_match("description", '^(\S+) is a source language$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'languages.source_off', "params" = jsonb_build_object('code', m[1])
FROM (SELECT "id", regexp_match("description", '^(\S+) is no longer a source language$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'languages.type_percent', "params" = jsonb_build_object('id', m[1], 'percent', m[2])
FROM (SELECT "id", regexp_match("description", '^Translation type (\d+) set to (\S+) %$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
--> statement-breakpoint
UPDATE "action_logs" AS l SET "description_key" = 'ui.render_error', "params" = jsonb_build_object('message', m[1])
FROM (SELECT "id", regexp_match("description", '^Rendering error: (.*)$') AS m FROM "action_logs" WHERE "description_key" IS NULL) AS s
WHERE l."id" = s."id" AND s.m IS NOT NULL;
