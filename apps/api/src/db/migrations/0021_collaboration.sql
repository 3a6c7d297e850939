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
