-- Domain events outbox (modules/events): written in the transaction of the change, relayed to the
-- subscribers' jobs after it commits. NOTIFY tells every server process at commit.
CREATE TABLE "domain_events" (
  "id" serial PRIMARY KEY NOT NULL,
  "type" varchar(40) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "task_id" integer,
  "invoice_id" integer,
  "customer_id" integer,
  "actor_user_id" integer,
  "data" jsonb NOT NULL,
  "relayed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "domain_events_pending_idx" ON "domain_events" ("id") WHERE relayed_at is null;
--> statement-breakpoint
CREATE TABLE "domain_event_deliveries" (
  "event_id" integer NOT NULL REFERENCES "domain_events"("id") ON DELETE cascade,
  "subscriber" varchar(60) NOT NULL,
  "delivered_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "domain_event_deliveries_pk" PRIMARY KEY ("event_id", "subscriber")
);
--> statement-breakpoint
CREATE FUNCTION verba_notify_domain_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verba_domain_event', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER domain_events_notify AFTER INSERT ON "domain_events"
  FOR EACH STATEMENT EXECUTE FUNCTION verba_notify_domain_event();
--> statement-breakpoint
CREATE TABLE "task_messages" (
  "id" serial PRIMARY KEY NOT NULL,
  "task_id" integer NOT NULL REFERENCES "tasks"("id") ON DELETE cascade,
  "author_user_id" integer REFERENCES "users"("id") ON DELETE set null,
  "author_side" varchar(10) NOT NULL,
  "author_name" varchar(255) NOT NULL,
  "body" text NOT NULL,
  "internal" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "task_messages_task_idx" ON "task_messages" ("task_id", "id");
--> statement-breakpoint
CREATE TABLE "task_message_files" (
  "id" serial PRIMARY KEY NOT NULL,
  "message_id" integer NOT NULL REFERENCES "task_messages"("id") ON DELETE cascade,
  "file_name" varchar(255) NOT NULL,
  "file_path" varchar(255) NOT NULL,
  "size" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "task_message_files_message_idx" ON "task_message_files" ("message_id");
--> statement-breakpoint
CREATE TABLE "task_message_reads" (
  "task_id" integer NOT NULL REFERENCES "tasks"("id") ON DELETE cascade,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "last_read_id" integer NOT NULL,
  CONSTRAINT "task_message_reads_pk" PRIMARY KEY ("task_id", "user_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
  "id" serial PRIMARY KEY NOT NULL,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "event_id" integer NOT NULL,
  "kind" varchar(30) NOT NULL,
  "task_id" integer,
  "invoice_id" integer,
  "values" jsonb NOT NULL,
  "read_at" timestamp with time zone,
  "digest_pending" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "notifications_event_user_unique" UNIQUE ("event_id", "user_id")
);
--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" ("user_id", "id");
--> statement-breakpoint
CREATE INDEX "notifications_digest_idx" ON "notifications" ("user_id") WHERE digest_pending;
--> statement-breakpoint
CREATE TABLE "notification_preferences" (
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "kind" varchar(30) NOT NULL,
  "channel" varchar(10) NOT NULL,
  CONSTRAINT "notification_preferences_pk" PRIMARY KEY ("user_id", "kind")
);
--> statement-breakpoint
CREATE TABLE "notification_digests" (
  "user_id" integer PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
  "sent_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- A new notification tells every server process which user's bell to update (its SSE streams).
CREATE FUNCTION verba_notify_notification() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('verba_notification', NEW.user_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER notifications_notify AFTER INSERT ON "notifications"
  FOR EACH ROW EXECUTE FUNCTION verba_notify_notification();
