import { z } from 'zod';
import { emailSchema, langField, requiredText } from './common.ts';
import { timestamp } from './replies.ts';

/** The sign-in screen's first step: the e-mail, to learn how it signs in (never whether it exists). */
export const ssoStartBody = z.strictObject({ email: emailSchema, ...langField });
export type SsoStartBody = z.input<typeof ssoStartBody>;

/**
 * `sso`: send the browser to `authorization_url`. `password`: whether a password may be typed for
 * this e-mail's domain. The answer depends on the domain alone.
 */
export const ssoStartReply = z.object({
  method: z.enum(['password', 'sso']),
  authorization_url: z.string().nullable(),
  password: z.boolean(),
});
export type SsoStartDto = z.infer<typeof ssoStartReply>;

/** The identity provider's answer, as it reached the portal's `/login/sso` page. */
export const ssoCallbackBody = z.strictObject({
  state: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(500),
  code: z.string().max(2000).optional(),
  iss: z.string().max(2000).optional(),
  error: z.string().max(200).optional(),
  error_description: z.string().max(2000).optional(),
  ...langField,
});
export type SsoCallbackBody = z.input<typeof ssoCallbackBody>;

const domain = z
  .string({ error: 'validation.required' })
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, {
    error: 'validation.sso_domain',
  });

const issuerUrl = requiredText(2000).pipe(z.url({ protocol: /^https?$/, error: 'validation.url' }));

/** A provider admin's configuration of one identity provider (`customer_id` null: staff). */
export const ssoProviderBody = z.strictObject({
  customer_id: z.number().int().positive().nullable(),
  issuer_url: issuerUrl,
  client_id: requiredText(255),
  /** Required when creating; left out on a change, the stored secret stays. */
  client_secret: z.string().trim().min(1, { error: 'validation.required' }).max(2000).optional(),
  domains: z.array(domain, { error: 'validation.required' }).min(1, { error: 'validation.required' }).max(50),
  password_sign_in: z.boolean().default(true),
  create_users: z.boolean().default(false),
  ...langField,
});
export type SsoProviderBody = z.input<typeof ssoProviderBody>;

export const ssoProviderSchema = z.object({
  id: z.number().int(),
  customer_id: z.number().int().nullable(),
  customer_name: z.string().nullable(),
  issuer_url: z.string(),
  client_id: z.string(),
  /** The secret itself is never shown again. */
  has_client_secret: z.boolean(),
  domains: z.array(z.string()),
  password_sign_in: z.boolean(),
  create_users: z.boolean(),
  created_at: timestamp,
  updated_at: timestamp,
});
export type SsoProviderDto = z.infer<typeof ssoProviderSchema>;
