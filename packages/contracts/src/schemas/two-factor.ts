import { z } from 'zod';
import { langField } from './common.ts';
import { loginResponseSchema } from './auth.ts';
import { timestamp } from './replies.ts';

/** Six digits from an authenticator app (spaces allowed, as apps show them). */
const totpCode = z
  .string({ error: 'validation.required' })
  .transform((value) => value.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: 'validation.two_factor_code' }));

const recoveryCode = z
  .string({ error: 'validation.required' })
  .trim()
  .min(1, { error: 'validation.required' })
  .max(64, { error: 'validation.max_length' });

/**
 * `POST /auth/login`: the usual token, or (second factor on) a challenge for `POST /auth/two-factor`.
 * `two_factor_enrolment_required`: the session may only enrol a second factor until it does.
 */
export const loginReplySchema = loginResponseSchema.partial().extend({
  two_factor_required: z.boolean().optional(),
  challenge: z.string().optional(),
  two_factor_enrolment_required: z.boolean().optional(),
});
export type LoginReply = z.infer<typeof loginReplySchema>;

export const twoFactorLoginBody = z
  .strictObject({
    challenge: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200),
    code: totpCode.optional(),
    recovery_code: recoveryCode.optional(),
    ...langField,
  })
  .refine((body) => (body.code === undefined) !== (body.recovery_code === undefined), {
    error: 'validation.two_factor_code_or_recovery',
    path: ['code'],
  });
export type TwoFactorLoginBody = z.input<typeof twoFactorLoginBody>;

export const twoFactorEnableBody = z.strictObject({ code: totpCode, ...langField });
export type TwoFactorEnableBody = z.input<typeof twoFactorEnableBody>;

export const twoFactorDisableBody = z.strictObject({
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(1024),
  code: totpCode,
  ...langField,
});
export type TwoFactorDisableBody = z.input<typeof twoFactorDisableBody>;

export const requireTwoFactorBody = z.strictObject({
  require_2fa: z.boolean({ error: 'validation.required' }),
  ...langField,
});
export type RequireTwoFactorBody = z.input<typeof requireTwoFactorBody>;

// ---- replies ----

export const twoFactorSetupReply = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The URI as a QR code (an SVG data URL), for the authenticator app to scan. */
  qr_svg: z.string(),
});
export type TwoFactorSetupDto = z.infer<typeof twoFactorSetupReply>;

export const twoFactorEnabledReply = z.object({ recovery_codes: z.array(z.string()), message: z.string() });
export type TwoFactorEnabledDto = z.infer<typeof twoFactorEnabledReply>;

export const twoFactorStatusReply = z.object({
  enabled: z.boolean(),
  /** The user's role or customer requires a second factor. */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
  /** The customer's setting, to its client admin (null to anyone else). */
  customer_require_2fa: z.boolean().nullable(),
});
export type TwoFactorStatusDto = z.infer<typeof twoFactorStatusReply>;

export const sessionRowSchema = z.object({
  id: z.number().int(),
  current: z.boolean(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  last_seen_at: timestamp,
  created_at: timestamp,
});
export type SessionRowDto = z.infer<typeof sessionRowSchema>;
export const sessionListReply = z.array(sessionRowSchema);
