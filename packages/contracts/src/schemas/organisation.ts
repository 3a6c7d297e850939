import { z } from 'zod';
import { PAYMENT_SCHEMES } from '../task-states.ts';
import { ROLES } from '../roles.ts';
import { LOCALES } from '../locales.ts';
import { emailSchema, langField, moneyInput, optionalText, requiredText } from './common.ts';

const id = z.coerce
  .number({ error: 'validation.required' })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.required' });

const customerFields = {
  name: requiredText(255),
  customer_number: optionalText(255),
  address: optionalText(255),
  address_2: optionalText(255),
  town: optionalText(255),
  province: optionalText(255),
  postal_code: optionalText(255),
  tin: optionalText(255),
  country_id: id,
  success_representative: optionalText(255),
  success_representative_email: z
    .string({ error: 'validation.type' })
    .trim()
    .max(255, { error: 'validation.max_length' })
    .nullish()
    .transform((v) => (v ? v.toLowerCase() : null))
    .refine((v) => v === null || z.email().safeParse(v).success, { error: 'validation.email' }),
  payment_scheme: z.enum(PAYMENT_SCHEMES, { error: 'validation.invalid_option' }).default('ON_DEMAND'),
  is_active: z.boolean({ error: 'validation.type' }).default(true),
  show_rates: z.boolean({ error: 'validation.type' }).default(false),
  discount_percentage: z
    .union([
      z.null(),
      z.coerce
        .number({ error: 'validation.number' })
        .min(0, { error: 'validation.min' })
        .max(100, { error: 'validation.max' }),
    ])
    .optional()
    .transform((v) => (v === null || v === undefined ? null : v.toFixed(2))),
};

/** Accepts the fields flat or wrapped in `customer` (the spec's `POST /customers/store` sends `customer, lang`). */
const unwrapCustomer = (body: unknown) => {
  if (
    body &&
    typeof body === 'object' &&
    'customer' in body &&
    typeof body.customer === 'object' &&
    body.customer
  ) {
    const { customer, ...rest } = body as { customer: object };
    return { ...customer, ...rest };
  }
  return body;
};

export const customerBody = z.preprocess(unwrapCustomer, z.strictObject({ ...customerFields, ...langField }));
export type CustomerInput = z.infer<typeof customerBody>;

export const bonusBody = z.strictObject({
  customer_id: id,
  amount: moneyInput(-999_999.99, 999_999.99).refine((v) => v !== '0.00', { error: 'validation.invalid' }),
  description: optionalText(255),
  users: z.array(id).max(500).default([]),
  ...langField,
});

export const assignProjectsBody = z.strictObject({
  memoq_project_id: requiredText(255),
  idcp_project_id: optionalText(255),
  ...langField,
});

export const departmentBody = z.strictObject({
  title: requiredText(255),
  users: z.array(id).max(1000).optional(),
  ...langField,
});

export const userBody = z.strictObject({
  name: requiredText(255),
  lastname: requiredText(255),
  email: emailSchema,
  phone: optionalText(50),
  type: z.enum(ROLES, { error: 'validation.invalid_option' }),
  language: z.enum(LOCALES, { error: 'validation.invalid_option' }).default('en'),
  customer_id: z.union([z.null(), id]).optional(),
  departments: z.array(id).max(200).default([]),
  bonus: z.preprocess(
    (v) => (v === '' || v === undefined ? null : v),
    moneyInput(0.01, 999_999.99).nullable(),
  ),
  is_active: z.boolean({ error: 'validation.type' }).optional(),
  /** The admin acts from a customer's page: only CLIENT_ADMIN may be created there. */
  from_customer: z.boolean().optional(),
  ...langField,
});
export type UserInput = z.infer<typeof userBody>;

export const nextTaskIdBody = z.strictObject({
  id: z.coerce
    .number({ error: 'validation.number' })
    .int({ error: 'validation.positive_integer' })
    .positive({ error: 'validation.positive_integer' })
    .max(2_000_000_000, { error: 'validation.max' }),
  ...langField,
});

export const languageSourceBody = z.strictObject({
  is_source: z.boolean({ error: 'validation.type' }),
  ...langField,
});

export const translationTypeBody = z.strictObject({
  percent: z.coerce
    .number({ error: 'validation.number' })
    .min(0, { error: 'validation.min' })
    .max(1000, { error: 'validation.max' }),
  name_en: requiredText(255),
  name_es: requiredText(255),
  name_ca: requiredText(255),
  description_en: requiredText(1000),
  description_es: requiredText(1000),
  description_ca: requiredText(1000),
  description_2_en: optionalText(1000),
  description_2_es: optionalText(1000),
  description_2_ca: optionalText(1000),
  ...langField,
});
