DROP INDEX "tasks_customer_state_idx";--> statement-breakpoint
CREATE INDEX "tasks_customer_visible_idx" ON "tasks" USING btree ("customer_id","state","id","user_id","department_id");