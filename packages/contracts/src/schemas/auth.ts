import { z } from 'zod';
import { emailSchema, langField, localeSchema, passwordSchema } from './common.ts';
import { userSchema } from './organisation.ts';
import type { messageReply } from './replies.ts';

export const loginBody = z.strictObject({
  email: z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(255),
  password: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(1024),
  ...langField,
});
export type LoginBody = z.infer<typeof loginBody>;

export const passwordEmailBody = z.strictObject({ email: emailSchema, ...langField });

export const passwordValidateBody = z.strictObject({
  token: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200),
  email: emailSchema.optional(),
  ...langField,
});

const confirmationMatches = {
  check: (body: { password: string; password_confirmation: string }) =>
    body.password === body.password_confirmation,
  options: { error: 'validation.password_confirmation', path: ['password_confirmation'] },
};
const newPassword = {
  password: passwordSchema,
  password_confirmation: z.string({ error: 'validation.required' }),
};

export const passwordResetBody = z
  .strictObject({
    email: emailSchema,
    token: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).max(200),
    ...newPassword,
    ...langField,
  })
  .refine(confirmationMatches.check, confirmationMatches.options);

export const changePasswordBody = z
  .strictObject({
    id: z.coerce.number().int().optional(),
    /** the password in use now: a change is refused without it */
    current_password: z
      .string({ error: 'validation.required' })
      .min(1, { error: 'validation.required' })
      .max(1024),
    ...newPassword,
    ...langField,
  })
  .refine(confirmationMatches.check, confirmationMatches.options);

export const languageBody = z.strictObject({
  language: z.enum(['en', 'es', 'ca'], { error: 'validation.invalid_option' }),
});

// ---- replies ----

export const loginResponseSchema = z.object({
  user: userSchema,
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until the token expires. */
  expires_in: z.number().int(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const logoutReply = z.object({
  ok: z.boolean(),
  message: z.string(),
  /** A session opened through single sign-on: the identity provider's sign-out page (RP-initiated logout). */
  logout_url: z.string().optional(),
});
export type LogoutDto = z.infer<typeof logoutReply>;
export const resetTokenValidReply = z.object({ valid: z.boolean(), message: z.string() });
export type ResetTokenValidDto = z.infer<typeof resetTokenValidReply>;
export const languageChangedReply = z.object({ locale: localeSchema, user: userSchema });
export type LanguageChangedDto = z.infer<typeof languageChangedReply>;
/** A reply that only confirms (`messageReply`). */
export type MessageDto = z.infer<typeof messageReply>;
