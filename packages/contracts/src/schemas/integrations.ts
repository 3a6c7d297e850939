import { z } from 'zod';
import type { Permission } from '../permissions.ts';
import { idField, requiredText } from './common.ts';
import { timestamp } from './replies.ts';

/** What a personal API token may do (DESIGN §14): `tasks:pay` pays from the balance or defers, never by card. */
export const TOKEN_SCOPES = ['tasks:read', 'tasks:write', 'tasks:pay', 'invoices:read'] as const;
export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** A token's secret starts with this, so that secret scanners recognise a leaked one. */
export const TOKEN_PREFIX = 'vrb_';

export const tokenBody = z
  .object({
    name: requiredText(100),
    scopes: z
      .array(z.enum(TOKEN_SCOPES, { error: 'validation.invalid_option' }), { error: 'validation.required' })
      .min(1, { error: 'validation.required' }),
    expires_at: z.iso
      .datetime({ offset: true, error: 'validation.format' })
      .nullish()
      .transform((value) => (value ? new Date(value) : null)),
    /** A client admin may make a token for one of its customer's users; the caller's own otherwise. */
    user_id: idField.optional(),
  })
  .strict();

export const tokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The first characters of the secret, to recognise it. */
  prefix: z.string(),
  scopes: z.array(z.enum(TOKEN_SCOPES)),
  user: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
  expires_at: timestamp.nullable(),
  last_used_at: timestamp.nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: timestamp.nullable(),
  created_at: timestamp,
});
export type ApiToken = z.infer<typeof tokenSchema>;

export const tokenCreatedSchema = z.object({
  id: z.number().int(),
  /** The secret: shown this once, kept only as a hash. */
  token: z.string(),
});

/** The events an endpoint may listen to. */
export const WEBHOOK_EVENTS = [
  'task.quoted',
  'task.approved',
  'task.in_course',
  'task.delivered',
  'task.done',
  'task.cancelled',
  'invoice.issued',
  'message.created',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const webhookBody = z
  .object({
    url: requiredText(2000),
    events: z
      .array(z.enum(WEBHOOK_EVENTS, { error: 'validation.invalid_option' }), { error: 'validation.required' })
      .min(1, { error: 'validation.required' }),
  })
  .strict();

/** PUT: the same fields, plus rolling the secret or turning a disabled endpoint back on. */
export const webhookUpdateBody = webhookBody
  .extend({
    is_active: z.boolean().optional(),
    roll_secret: z.boolean().optional(),
  })
  .strict();

export const webhookSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  is_active: z.boolean(),
  failing_since: timestamp.nullable(),
  disabled_at: timestamp.nullable(),
  created_at: timestamp,
});
export type Webhook = z.infer<typeof webhookSchema>;

/** POST, or a PUT that rolled the secret: the secret, shown this once. */
export const webhookSecretSchema = z.object({ id: z.number().int(), secret: z.string() });
export const webhookUpdatedSchema = webhookSchema.extend({ secret: z.string().optional() });

export const webhookAttemptSchema = z.object({
  started_at: timestamp,
  duration_ms: z.number().int(),
  status_code: z.number().int().nullable(),
  error: z.string().nullable(),
  response: z.string().nullable(),
  manual: z.boolean(),
});

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event_id: z.string(),
  type: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.array(webhookAttemptSchema),
  next_attempt_at: timestamp.nullable(),
  delivered_at: timestamp.nullable(),
  created_at: timestamp,
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveryParams = z.object({ id: idField, deliveryId: idField });

/**
 * The permissions each token scope lends its user's role (the role must still hold them). A route
 * whose permission no scope lends (signed-in-only routes: the account, tokens themselves) is closed to tokens.
 */
export const TOKEN_SCOPE_PERMISSIONS: Record<TokenScope, readonly Permission[]> = {
  'tasks:read': ['tasks:list', 'tasks:view', 'languages:read', 'translation-types:read'],
  'tasks:write': [
    'tasks:create',
    'tasks:edit',
    'tasks:cancel',
    'tasks:reactivate',
    'languages:read',
    'translation-types:read',
  ],
  'tasks:pay': ['tasks:pay', 'tasks:send-deferred'],
  'invoices:read': ['invoices:view'],
};

/** POST …/resend: the delivery is queued for one more attempt. */
export const webhookResendSchema = z.object({ id: z.number().int(), queued: z.literal(true) });
