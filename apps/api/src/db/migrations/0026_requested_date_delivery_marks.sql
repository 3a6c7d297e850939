ALTER TABLE "tasks" ADD COLUMN "requested_date" date;
--> statement-breakpoint
ALTER TABLE "task_target_languages" ADD COLUMN "delivery_final" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "task_target_languages" ADD COLUMN "delivery_note" varchar(500);
--> statement-breakpoint
ALTER TABLE "task_target_languages" ADD COLUMN "delivery_marked_at" timestamp with time zone;
