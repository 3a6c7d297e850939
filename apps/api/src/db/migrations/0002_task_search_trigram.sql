CREATE INDEX "tasks_description_trgm_idx" ON "tasks" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "tasks_code_trgm_idx" ON "tasks" USING gin ("code" gin_trgm_ops);