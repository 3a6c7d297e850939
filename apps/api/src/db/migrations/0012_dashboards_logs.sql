ALTER TABLE "action_logs" ADD COLUMN "description_key" varchar(100);--> statement-breakpoint
ALTER TABLE "action_logs" ADD COLUMN "params" jsonb;--> statement-breakpoint
CREATE INDEX "tasks_approved_idx" ON "tasks" USING btree ("approved_at") WHERE "tasks"."approved_at" is not null;--> statement-breakpoint
CREATE INDEX "tasks_customer_approved_idx" ON "tasks" USING btree ("customer_id","approved_at");--> statement-breakpoint
CREATE INDEX "tasks_due_idx" ON "tasks" USING btree ("due_date") WHERE "tasks"."state" in ('APPROVED', 'DEFERRED', 'IN_COURSE');