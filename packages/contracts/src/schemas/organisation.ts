import { z } from 'zod';
import { PAYMENT_SCHEMES } from '../task-states.ts';
import { ROLES } from '../roles.ts';
import { LOCALES } from '../locales.ts';
import {
  emailSchema,
  idField,
  langField,
  moneyInput,
  optionalText,
  pageQuery,
  requiredText,
} from './common.ts';
import { decimalString, timestamp } from './replies.ts';

const id = z.coerce
  .number({ error: 'validation.required' })
  .int({ error: 'validation.invalid' })
  .positive({ error: 'validation.required' });

const paymentSchemeInput = z.enum(PAYMENT_SCHEMES, { error: 'validation.invalid_option' });
const flag = z.boolean({ error: 'validation.type' });
const discountPercentage = z.union([
  z.null(),
  z.coerce
    .number({ error: 'validation.number' })
    .min(0, { error: 'validation.min' })
    .max(100, { error: 'validation.max' }),
]);
const representativeEmail = z
  .string({ error: 'validation.type' })
  .trim()
  .max(255, { error: 'validation.max_length' })
  .nullish()
  .refine((v) => !v || z.email().safeParse(v.toLowerCase()).success, { error: 'validation.email' });

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
  success_representative_email: representativeEmail.transform((v) => (v ? v.toLowerCase() : null)),
  payment_scheme: paymentSchemeInput.default('ON_DEMAND'),
  is_active: flag.default(true),
  show_rates: flag.default(false),
  po_required: flag.default(false),
  discount_percentage: discountPercentage
    .optional()
    .transform((v) => (v === null || v === undefined ? null : v.toFixed(2))),
};

/** An edit's optional text: left out it stays undefined (the stored value is kept); null or "" clears it. */
const keptText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: 'validation.max_length' })
    .nullish()
    .transform((value) => (value === undefined ? undefined : value || null));

/** The fields of an edit: what is not sent keeps its stored value, where a create gets the default. */
const customerEditFields = {
  ...customerFields,
  customer_number: keptText(255),
  address: keptText(255),
  address_2: keptText(255),
  town: keptText(255),
  province: keptText(255),
  postal_code: keptText(255),
  tin: keptText(255),
  success_representative: keptText(255),
  success_representative_email: representativeEmail.transform((v) =>
    v === undefined ? undefined : v ? v.toLowerCase() : null,
  ),
  payment_scheme: paymentSchemeInput.optional(),
  is_active: flag.optional(),
  show_rates: flag.optional(),
  po_required: flag.optional(),
  discount_percentage: discountPercentage
    .optional()
    .transform((v) => (v === undefined ? undefined : v === null ? null : v.toFixed(2))),
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
export const customerEditBody = z.preprocess(
  unwrapCustomer,
  z.strictObject({ ...customerEditFields, ...langField }),
);
export type CustomerEditInput = z.infer<typeof customerEditBody>;

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

// ---- replies (what the organisation routes answer inside `{ data }`) ----

/** Stored as text, checked on the way out: the wire carries only known values. */
const role = z.string().pipe(z.enum(ROLES));
const paymentScheme = z.string().pipe(z.enum(PAYMENT_SCHEMES));
const locale = z.string().pipe(z.enum(LOCALES));

export const countrySchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type CountryDto = z.infer<typeof countrySchema>;

/** A customer's name, numbers and postal address, as every reply that shows a customer has them. */
const customerIdentity = {
  id: z.number().int(),
  name: z.string(),
  customer_number: z.string().nullable(),
  address: z.string().nullable(),
  address_2: z.string().nullable(),
  town: z.string().nullable(),
  province: z.string().nullable(),
  postal_code: z.string().nullable(),
  tin: z.string().nullable(),
};

/** The customer as its own users see it (my company); `balance` only for CLIENT_ADMIN. */
export const companySchema = z.object({
  ...customerIdentity,
  country: countrySchema.nullable(),
  success_representative: z.string().nullable(),
  success_representative_email: z.string().nullable(),
  payment_scheme: paymentScheme,
  show_rates: z.boolean(),
  /** Euros as a decimal string ("120.50"). */
  balance: decimalString.optional(),
});
export type CompanyDto = z.infer<typeof companySchema>;

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  type: role,
  language: locale,
  is_active: z.boolean(),
  customer_id: z.number().int().nullable(),
  customer: companySchema.nullable(),
  departments: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type UserDto = z.infer<typeof userSchema>;

/** A user as its manager sees it: the bonus only for VERBA_ADMIN. */
export const userDetailSchema = userSchema.extend({ bonus: decimalString.nullable().optional() });
export type UserDetailDto = z.infer<typeof userDetailSchema>;

export const userListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  lastname: z.string(),
  email: z.string(),
  type: role,
  is_active: z.boolean(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
});
export type UserListRowDto = z.infer<typeof userListRowSchema>;

/** A delete that keeps the row (deactivated) when its history needs it. */
export const deleteOutcomeSchema = z.object({
  deleted: z.boolean(),
  deactivated: z.boolean(),
  message: z.string(),
});
export type DeleteOutcomeDto = z.infer<typeof deleteOutcomeSchema>;

export const paymentSchemeReply = z.object({ payment_scheme: paymentScheme.nullable() });
export type PaymentSchemeDto = z.infer<typeof paymentSchemeReply>;

export const customerListRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_active: z.boolean(),
  payment_scheme: paymentScheme,
  country_code: z.string().nullable(),
  last_login: z.string().nullable(),
  last_login_date: timestamp.nullable(),
  last_project_approved: z.string().nullable(),
  last_project_approved_date: timestamp.nullable(),
});
export type CustomerListRowDto = z.infer<typeof customerListRowSchema>;

/** The customer as staff see it. */
export const customerSchema = z.object({
  ...customerIdentity,
  country_id: z.number().int(),
  success_representative: z.string().nullable(),
  success_representative_email: z.string().nullable(),
  payment_scheme: paymentScheme,
  is_active: z.boolean(),
  show_rates: z.boolean(),
  /** Null: the default of its payment scheme. */
  discount_percentage: decimalString.nullable(),
  minimum_rates: z.boolean(),
  /** Its tasks need a purchase order number. */
  po_required: z.boolean(),
  /** Its users must set up two-factor sign-in. */
  require_2fa: z.boolean(),
  memoq_project_id: z.string().nullable(),
  idcp_project_id: z.string().nullable(),
  last_login_at: timestamp.nullable(),
  last_login_user_id: z.number().int().nullable(),
  last_project_approved_at: timestamp.nullable(),
  last_project_approved_task_id: z.number().int().nullable(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type CustomerDto = z.infer<typeof customerSchema>;

/** With its country, its balance and the discount that applies (its own or the scheme's). */
export const customerDetailSchema = customerSchema.extend({
  country: countrySchema.nullable(),
  balance: decimalString,
  discount: decimalString,
});
export type CustomerDetailDto = z.infer<typeof customerDetailSchema>;

export const customerUsersReply = z.object({
  users: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      lastname: z.string(),
      email: z.string(),
      type: role,
      is_active: z.boolean(),
      last_login_at: timestamp.nullable(),
    }),
  ),
});
export type CustomerUserDto = z.infer<typeof customerUsersReply>['users'][number];

export const discountReply = z.object({ discount: decimalString });
export type DiscountDto = z.infer<typeof discountReply>;

const personName = z.object({ id: z.number().int(), name: z.string(), lastname: z.string() });

export const bonusSchema = z.object({
  id: z.number().int(),
  amount: decimalString,
  description: z.string().nullable(),
  created_at: timestamp,
  customer_id: z.number().int(),
  /** Who gave it (name and surname). */
  created_by: z.string().nullable(),
  user_ids: z.array(z.number().int()),
  users: z.array(personName),
});
export type BonusDto = z.infer<typeof bonusSchema>;

export const bonusesReply = z.object({ bonuses: z.array(bonusSchema), balance: decimalString });
export type BonusesDto = z.infer<typeof bonusesReply>;

/** A bonus just given: `created_by` is the giver's id here. */
export const bonusCreatedReply = z.object({
  bonus: z.object({
    id: z.number().int(),
    customer_id: z.number().int(),
    amount: decimalString,
    description: z.string().nullable(),
    created_by: z.number().int().nullable(),
    created_at: timestamp,
  }),
  balance: decimalString,
});
export type BonusCreatedDto = z.infer<typeof bonusCreatedReply>;

export const idcpProjectReply = z.object({ idcp_project_id: z.string().nullable() });
export type IdcpProjectDto = z.infer<typeof idcpProjectReply>;
export const memoqProjectReply = z.string().nullable();

export const departmentSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  created_at: timestamp,
  users: z.array(personName.extend({ email: z.string() })),
});
export type DepartmentDto = z.infer<typeof departmentSchema>;

export const departmentsReply = z.object({ departments: z.array(departmentSchema) });
export const departmentDeletedReply = z.object({ deleted: z.boolean() });
export type DepartmentDeletedDto = z.infer<typeof departmentDeletedReply>;

/** `GET /customers`. */
export const customerListQuery = pageQuery.extend({
  search: z.string().trim().max(255).optional(),
  lang: z.string().optional(),
});
/** `GET /bonuses`: whose. */
export const customerIdQuery = z.object({
  customer_id: idField,
  lang: z.string().optional(),
});

/** `GET /users`. */
export const userListQuery = pageQuery.extend({
  customer_id: idField.optional(),
  search: z.string().trim().max(255).optional(),
  lang: z.string().optional(),
});
/** `POST /users/validate`: the user being edited, if any. */
export const userValidateQuery = z.object({
  id: idField.optional(),
  lang: z.string().optional(),
});
