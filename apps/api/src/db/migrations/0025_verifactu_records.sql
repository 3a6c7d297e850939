CREATE TABLE "verifactu_chain" (
	"issuer_nif" varchar(9) PRIMARY KEY NOT NULL,
	"last_record_id" integer,
	"last_huella" varchar(64),
	"last_num_serie" varchar(60),
	"last_fecha" varchar(10),
	"next_send_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "verifactu_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"issuer_nif" varchar(9) NOT NULL,
	"invoice_id" integer NOT NULL,
	"record_type" varchar(16) NOT NULL,
	"tipo_factura" varchar(2),
	"num_serie" varchar(60) NOT NULL,
	"fecha_expedicion" varchar(10) NOT NULL,
	"previous_huella" varchar(64),
	"huella" varchar(64) NOT NULL,
	"generated_at" varchar(32) NOT NULL,
	"xml" text NOT NULL,
	"state" varchar(24) DEFAULT 'pending' NOT NULL,
	"aeat_response" jsonb,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verifactu_records" ADD CONSTRAINT "verifactu_records_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifactu_records_invoice_idx" ON "verifactu_records" USING btree ("invoice_id","id");--> statement-breakpoint
CREATE INDEX "verifactu_records_state_idx" ON "verifactu_records" USING btree ("state","id");--> statement-breakpoint
CREATE UNIQUE INDEX "verifactu_records_previous_unique" ON "verifactu_records" USING btree ("issuer_nif","previous_huella");