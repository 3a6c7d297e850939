CREATE TABLE "countries" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(8) NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"name_ca" text NOT NULL,
	"tax_name" varchar(50),
	"tax_percentage" numeric(6, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "countries_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "holidays" (
	"date" date NOT NULL,
	"region" varchar(16) NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"name_ca" text NOT NULL,
	CONSTRAINT "holidays_date_region_pk" PRIMARY KEY("date","region")
);
--> statement-breakpoint
CREATE TABLE "languages" (
	"id" serial PRIMARY KEY NOT NULL,
	"iso_code" varchar(16) NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"name_ca" text NOT NULL,
	"is_source" boolean DEFAULT false NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "languages_iso_code_unique" UNIQUE("iso_code")
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" varchar(100) PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translation_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"percent" numeric(6, 2) NOT NULL,
	"name_en" text NOT NULL,
	"name_es" text NOT NULL,
	"name_ca" text NOT NULL,
	"description_en" text NOT NULL,
	"description_es" text NOT NULL,
	"description_ca" text NOT NULL,
	"description_2_en" text DEFAULT '' NOT NULL,
	"description_2_es" text DEFAULT '' NOT NULL,
	"description_2_ca" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "action_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" varchar(100) NOT NULL,
	"description" text NOT NULL,
	"ip" varchar(64),
	"user_id" integer,
	"user_email" varchar(255),
	"customer_id" integer,
	"customer_name" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_users" (
	"bonus_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "bonus_users_bonus_id_user_id_pk" PRIMARY KEY("bonus_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"description" varchar(255),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"customer_number" varchar(255),
	"address" varchar(255),
	"address_2" varchar(255),
	"town" varchar(255),
	"province" varchar(255),
	"postal_code" varchar(255),
	"tin" varchar(255),
	"country_id" integer NOT NULL,
	"success_representative" varchar(255),
	"success_representative_email" varchar(255),
	"payment_scheme" varchar(16) DEFAULT 'ON_DEMAND' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"show_rates" boolean DEFAULT false NOT NULL,
	"discount_percentage" numeric(6, 2),
	"minimum_rates" boolean DEFAULT false NOT NULL,
	"memoq_project_id" varchar(255),
	"idcp_project_id" varchar(255),
	"last_login_at" timestamp with time zone,
	"last_login_user_id" integer,
	"last_project_approved_at" timestamp with time zone,
	"last_project_approved_task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "department_users" (
	"department_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	CONSTRAINT "department_users_department_id_user_id_pk" PRIMARY KEY("department_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"title" varchar(255) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(100) NOT NULL,
	"payload" text NOT NULL,
	"state" varchar(16) DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"run_after" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" varchar(255) NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text,
	"attachments" text,
	"status" varchar(16) NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"user_id" integer NOT NULL,
	"ip" varchar(64),
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "ui_errors" (
	"id" serial PRIMARY KEY NOT NULL,
	"message" text NOT NULL,
	"name" varchar(255),
	"detail" text,
	"stack" text,
	"url" text,
	"user_id" integer,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" varchar(255) NOT NULL,
	"lastname" varchar(255) NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone" varchar(50),
	"type" varchar(16) NOT NULL,
	"language" varchar(2) DEFAULT 'en' NOT NULL,
	"password_hash" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"customer_id" integer,
	"bonus" numeric(12, 2),
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_enabled_rates" (
	"customer_id" integer NOT NULL,
	"rate_id" integer NOT NULL,
	CONSTRAINT "customer_enabled_rates_customer_id_rate_id_pk" PRIMARY KEY("customer_id","rate_id")
);
--> statement-breakpoint
CREATE TABLE "minimum_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"translation_type_id" integer NOT NULL,
	"hour" numeric(12, 2) DEFAULT '0' NOT NULL,
	"amount" numeric(12, 2) DEFAULT '0' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payable_grids" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"repetitions" numeric(6, 2) NOT NULL,
	"percent101" numeric(6, 2) NOT NULL,
	"percent100" numeric(6, 2) NOT NULL,
	"percent95" numeric(6, 2) NOT NULL,
	"percent85" numeric(6, 2) NOT NULL,
	"percent75" numeric(6, 2) NOT NULL,
	"percent50" numeric(6, 2) NOT NULL,
	"no_match" numeric(6, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer,
	"default_group" boolean DEFAULT false NOT NULL,
	"source_lang" integer NOT NULL,
	"target_lang" integer NOT NULL,
	"r1" numeric(12, 4) NOT NULL,
	"r2" numeric(12, 2) NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "glossaries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"type" varchar(1) NOT NULL,
	"source_language_id" integer,
	"target_language_id" integer,
	"languages" jsonb,
	"file_name" varchar(255) NOT NULL,
	"file_path" text NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"folio" varchar(50) NOT NULL,
	"customer_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"amount_without_taxes" numeric(12, 2) NOT NULL,
	"tax_option" varchar(16) NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"file_path" text,
	"payment_status" varchar(16) DEFAULT 'pending' NOT NULL,
	"enterprise" varchar(255),
	"tin" varchar(255),
	"address_1" varchar(255),
	"address_2" varchar(255),
	"town" varchar(255),
	"province" varchar(255),
	"zip_code" varchar(32),
	"country" varchar(255),
	"phone" varchar(50),
	"email" varchar(255),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_folio_unique" UNIQUE("folio")
);
--> statement-breakpoint
CREATE TABLE "other_concepts" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"concept" varchar(100) NOT NULL,
	"description" varchar(255),
	"unit" varchar(50),
	"quantity" numeric(12, 2) NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"lang" varchar(2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pay_task_histories" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"type" varchar(255) NOT NULL,
	"taxes" numeric(12, 2) DEFAULT '0' NOT NULL,
	"lang" varchar(2),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"customer_id" integer,
	"order_number" varchar(12) NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"balance_used" numeric(12, 2) DEFAULT '0' NOT NULL,
	"card_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"status" varchar(16) NOT NULL,
	"gateway" varchar(16) NOT NULL,
	"response_code" varchar(8),
	"authorisation_code" varchar(16),
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "payments_order_number_unique" UNIQUE("order_number")
);
--> statement-breakpoint
CREATE TABLE "quote_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_name" varchar(40),
	"country_id" integer,
	"first_name" varchar(25) NOT NULL,
	"last_name" varchar(25) NOT NULL,
	"email" varchar(255) NOT NULL,
	"phone_number" varchar(16) NOT NULL,
	"source_language_id" integer,
	"target_languages" jsonb NOT NULL,
	"comments" varchar(255),
	"privacy_policy" boolean NOT NULL,
	"review_originals" boolean DEFAULT false NOT NULL,
	"lang" varchar(2),
	"task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "source_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_path" text NOT NULL,
	"size" bigint NOT NULL,
	"sha256" varchar(64),
	"filter" varchar(32),
	"error_key" varchar(100),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_state_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"from_state" varchar(16),
	"to_state" varchar(16) NOT NULL,
	"user_id" integer,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "task_target_languages" (
	"task_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	"price_summary" jsonb,
	CONSTRAINT "task_target_languages_task_id_language_id_pk" PRIMARY KEY("task_id","language_id")
);
--> statement-breakpoint
CREATE TABLE "tasks" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(32) NOT NULL,
	"customer_id" integer,
	"department_id" integer,
	"user_id" integer,
	"source_language_id" integer NOT NULL,
	"translation_type_id" integer NOT NULL,
	"description" varchar(255) NOT NULL,
	"comments" varchar(255),
	"review" boolean DEFAULT false NOT NULL,
	"custom_quote" boolean DEFAULT false NOT NULL,
	"source_files_validated" boolean DEFAULT false NOT NULL,
	"source_files_validation_requested" boolean DEFAULT false NOT NULL,
	"state" varchar(16) NOT NULL,
	"word_count" integer DEFAULT 0 NOT NULL,
	"base_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"other_prices" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount_percentage" numeric(6, 2) DEFAULT '0' NOT NULL,
	"discount_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"price_taxes" numeric(12, 2) DEFAULT '0' NOT NULL,
	"other_prices_taxes" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tax_name" varchar(50),
	"tax_percentage" numeric(6, 2) DEFAULT '0' NOT NULL,
	"taxed_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"amount_to_pay" numeric(12, 2) DEFAULT '0' NOT NULL,
	"days_to_add" integer DEFAULT 0 NOT NULL,
	"due_date" timestamp with time zone,
	"quoted_at" timestamp with time zone,
	"approved_at" timestamp with time zone,
	"approved_user_id" integer,
	"updated_user_id" integer,
	"invoice_id" integer,
	"guest_token" varchar(64),
	"analysis_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tasks_code_unique" UNIQUE("code"),
	CONSTRAINT "tasks_guest_token_unique" UNIQUE("guest_token")
);
--> statement-breakpoint
CREATE TABLE "tm_units" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"source_lang" varchar(16) NOT NULL,
	"target_lang" varchar(16) NOT NULL,
	"source_text" text NOT NULL,
	"target_text" text NOT NULL,
	"source_hash" varchar(64) NOT NULL,
	"prev_hash" varchar(64),
	"next_hash" varchar(64),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "translated_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"task_id" integer NOT NULL,
	"source_file_id" integer NOT NULL,
	"language_id" integer NOT NULL,
	"file_name" varchar(255) NOT NULL,
	"file_path" text NOT NULL,
	"size" bigint NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "word_counts" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_file_id" integer NOT NULL,
	"target_language_id" integer NOT NULL,
	"total_words" integer NOT NULL,
	"percent101" integer NOT NULL,
	"percent100" integer NOT NULL,
	"percent95" integer NOT NULL,
	"percent85" integer NOT NULL,
	"percent75" integer NOT NULL,
	"percent50" integer NOT NULL,
	"no_match" integer NOT NULL,
	"repetitions" integer NOT NULL,
	"characters" integer DEFAULT 0 NOT NULL,
	"internal_word_counts" jsonb
);
--> statement-breakpoint
ALTER TABLE "bonus_users" ADD CONSTRAINT "bonus_users_bonus_id_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."bonuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_users" ADD CONSTRAINT "bonus_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonuses" ADD CONSTRAINT "bonuses_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_users" ADD CONSTRAINT "department_users_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "department_users" ADD CONSTRAINT "department_users_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "departments" ADD CONSTRAINT "departments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_enabled_rates" ADD CONSTRAINT "customer_enabled_rates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_enabled_rates" ADD CONSTRAINT "customer_enabled_rates_rate_id_rates_id_fk" FOREIGN KEY ("rate_id") REFERENCES "public"."rates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minimum_rates" ADD CONSTRAINT "minimum_rates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "minimum_rates" ADD CONSTRAINT "minimum_rates_translation_type_id_translation_types_id_fk" FOREIGN KEY ("translation_type_id") REFERENCES "public"."translation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payable_grids" ADD CONSTRAINT "payable_grids_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_source_lang_languages_id_fk" FOREIGN KEY ("source_lang") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_target_lang_languages_id_fk" FOREIGN KEY ("target_lang") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rates" ADD CONSTRAINT "rates_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossaries" ADD CONSTRAINT "glossaries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossaries" ADD CONSTRAINT "glossaries_source_language_id_languages_id_fk" FOREIGN KEY ("source_language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossaries" ADD CONSTRAINT "glossaries_target_language_id_languages_id_fk" FOREIGN KEY ("target_language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossaries" ADD CONSTRAINT "glossaries_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "other_concepts" ADD CONSTRAINT "other_concepts_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_task_histories" ADD CONSTRAINT "pay_task_histories_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pay_task_histories" ADD CONSTRAINT "pay_task_histories_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_country_id_countries_id_fk" FOREIGN KEY ("country_id") REFERENCES "public"."countries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_source_language_id_languages_id_fk" FOREIGN KEY ("source_language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_requests" ADD CONSTRAINT "quote_requests_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_files" ADD CONSTRAINT "source_files_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_state_changes" ADD CONSTRAINT "task_state_changes_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_state_changes" ADD CONSTRAINT "task_state_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_target_languages" ADD CONSTRAINT "task_target_languages_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "task_target_languages" ADD CONSTRAINT "task_target_languages_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_source_language_id_languages_id_fk" FOREIGN KEY ("source_language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_translation_type_id_translation_types_id_fk" FOREIGN KEY ("translation_type_id") REFERENCES "public"."translation_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_approved_user_id_users_id_fk" FOREIGN KEY ("approved_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_updated_user_id_users_id_fk" FOREIGN KEY ("updated_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tm_units" ADD CONSTRAINT "tm_units_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translated_files" ADD CONSTRAINT "translated_files_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translated_files" ADD CONSTRAINT "translated_files_source_file_id_source_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."source_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translated_files" ADD CONSTRAINT "translated_files_language_id_languages_id_fk" FOREIGN KEY ("language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "translated_files" ADD CONSTRAINT "translated_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_counts" ADD CONSTRAINT "word_counts_source_file_id_source_files_id_fk" FOREIGN KEY ("source_file_id") REFERENCES "public"."source_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "word_counts" ADD CONSTRAINT "word_counts_target_language_id_languages_id_fk" FOREIGN KEY ("target_language_id") REFERENCES "public"."languages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_logs_created_idx" ON "action_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "action_logs_action_idx" ON "action_logs" USING btree ("action","created_at");--> statement-breakpoint
CREATE INDEX "action_logs_email_idx" ON "action_logs" USING btree (lower("user_email"));--> statement-breakpoint
CREATE INDEX "bonuses_customer_idx" ON "bonuses" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "department_users_user_idx" ON "department_users" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "departments_customer_idx" ON "departments" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "jobs_pending_idx" ON "jobs" USING btree ("state","run_after");--> statement-breakpoint
CREATE INDEX "password_resets_user_idx" ON "password_resets" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_customer_idx" ON "users" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "minimum_rates_customer_type_unique" ON "minimum_rates" USING btree ("customer_id","translation_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payable_grids_customer_unique" ON "payable_grids" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "payable_grids_customer_idx" ON "payable_grids" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rates_customer_pair_unique" ON "rates" USING btree ("customer_id","source_lang","target_lang") WHERE "rates"."customer_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "rates_general_pair_unique" ON "rates" USING btree ("source_lang","target_lang") WHERE "rates"."default_group";--> statement-breakpoint
CREATE INDEX "other_concepts_task_idx" ON "other_concepts" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "pay_task_histories_task_idx" ON "pay_task_histories" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "payments_task_idx" ON "payments" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id","status");--> statement-breakpoint
CREATE INDEX "source_files_task_idx" ON "source_files" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "task_state_changes_task_idx" ON "task_state_changes" USING btree ("task_id","created_at");--> statement-breakpoint
CREATE INDEX "tasks_customer_state_idx" ON "tasks" USING btree ("customer_id","state","id");--> statement-breakpoint
CREATE INDEX "tasks_state_idx" ON "tasks" USING btree ("state","id");--> statement-breakpoint
CREATE INDEX "tasks_department_idx" ON "tasks" USING btree ("department_id","id");--> statement-breakpoint
CREATE INDEX "tasks_user_idx" ON "tasks" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "tasks_created_idx" ON "tasks" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "tm_units_lookup_idx" ON "tm_units" USING btree ("customer_id","source_lang","target_lang","source_hash");--> statement-breakpoint
CREATE INDEX "translated_files_task_idx" ON "translated_files" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "word_counts_file_lang_unique" ON "word_counts" USING btree ("source_file_id","target_language_id");