import { z } from 'zod';

/**
 * Personal API tokens: a scope is a module and a verb (`invoices:read`, `invoices:write`). `read` covers the GET
 * routes of the module, `write` every other verb; a token never does more than its owner's role allows.
 */
export const API_SCOPES = [
  'projects:read',
  'projects:write',
  'board:read',
  'board:write',
  'messages:read',
  'messages:write',
  'contracts:read',
  'contracts:write',
  'invoices:read',
  'invoices:write',
  'training:read',
  'training:write',
  'companies:read',
  'companies:write',
  'users:read',
  'users:write',
  'tools:read',
  'tools:write',
  'notifications:read',
  'notifications:write',
  // The audit log is read only, for everyone.
  'audit:read',
  'webhooks:read',
  'webhooks:write',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];
export type ApiScopeModule = ApiScope extends `${infer M}:${string}` ? M : never;

/** Every API token starts with this, so a leaked one is easy to recognise (secret scanners) and to tell from a session. */
export const API_TOKEN_PREFIX = 'agt_';
export const API_TOKEN_NAME_MAX = 100;
/** Tokens one person may hold at once (revoked and expired ones do not count). */
export const API_TOKENS_PER_PERSON_MAX = 50;

export const apiTokenSchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  last_used_at: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

/** One's own tokens, and the scopes one's role may give a token. */
export const apiTokenListSchema = z.object({ items: z.array(apiTokenSchema), available_scopes: z.array(z.enum(API_SCOPES)) });
export type ApiTokenList = z.infer<typeof apiTokenListSchema>;

/** A token as staff see it: whose it is, and whether it still works. */
export const staffApiTokenSchema = apiTokenSchema.extend({
  owner: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
  revoked_at: z.string().nullable(),
});
export type StaffApiToken = z.infer<typeof staffApiTokenSchema>;

export const createApiTokenInput = z.object({
  name: z.string().trim().min(1, 'Give the token a name').max(API_TOKEN_NAME_MAX, `At most ${API_TOKEN_NAME_MAX} characters`),
  scopes: z
    .array(z.enum(API_SCOPES, { error: `Unknown scope; the scopes are ${API_SCOPES.join(', ')}` }))
    .min(1, 'Choose at least one scope')
    .max(API_SCOPES.length),
  expires_at: z.iso.datetime({ offset: true, error: 'Use an ISO 8601 date and time, e.g. 2027-01-31T00:00:00Z' }).optional(),
});
export type CreateApiTokenInput = z.infer<typeof createApiTokenInput>;

/** The secret is in `token`, shown this once: only its hash is kept. */
export const createApiTokenResponse = z.object({ token: z.string(), api_token: apiTokenSchema });

/**
 * Outgoing webhooks: the domain events an endpoint may subscribe to. `invoice.sent`, `invoice.paid` and
 * `invoice.voided` are the invoice status changes people ask for by name; `invoice.status_changed` carries every one.
 */
export const WEBHOOK_EVENT_TYPES = [
  'project.created',
  'project.status_changed',
  'message.sent',
  'contract.created',
  'contract.sent',
  'contract.signed',
  'contract.voided',
  'contract.expired',
  'invoice.created',
  'invoice.status_changed',
  'invoice.sent',
  'invoice.paid',
  'invoice.voided',
  'invoice.payment_recorded',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];
/** Conversations are the super admin's and the clients' (SPEC section 7): an admin's endpoint never hears of messages. */
export const SUPERADMIN_ONLY_WEBHOOK_EVENTS: readonly WebhookEventType[] = ['message.sent'];

/** The header of every delivery: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` with the endpoint's secret. */
export const WEBHOOK_SIGNATURE_HEADER = 'Agency-Signature';
export const WEBHOOK_TIMEOUT_MS = 5000;
export const WEBHOOK_MAX_PAYLOAD_BYTES = 256 * 1024;
/** How much of an endpoint's answer each attempt keeps. */
export const WEBHOOK_RESPONSE_KEEP_BYTES = 1024;
/** A delivery is retried with exponential backoff for this long; an endpoint failing this long is disabled. */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
export const WEBHOOK_URL_MAX = 2000;

export const webhookSchema = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  /** false once the endpoint failed for 24 hours. */
  active: z.boolean(),
  disabled_at: z.string().nullable(),
  owner_id: z.string(),
  created_at: z.string(),
});
export type Webhook = z.infer<typeof webhookSchema>;

export const createWebhookInput = z.object({
  url: z.string().trim().max(WEBHOOK_URL_MAX).url('Give a full https:// address'),
  events: z
    .array(z.enum(WEBHOOK_EVENT_TYPES, { error: `Unknown event; the events are ${WEBHOOK_EVENT_TYPES.join(', ')}` }))
    .min(1, 'Choose at least one event')
    .max(WEBHOOK_EVENT_TYPES.length),
});
export type CreateWebhookInput = z.infer<typeof createWebhookInput>;

/** The secret signs every delivery; it is shown this once. */
export const createWebhookResponse = z.object({ webhook: webhookSchema, secret: z.string() });

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

export const webhookAttemptSchema = z.object({
  at: z.string(),
  /** The endpoint's HTTP status; null when none came (refused address, timeout, connection error). */
  status_code: z.number().nullable(),
  duration_ms: z.number(),
  /** The first 1 KB of the answer. */
  response: z.string(),
  error: z.string().nullable(),
});

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The event's own id, the same on every attempt and replay: receivers de-duplicate on it. */
  event_id: z.string(),
  event: z.enum(WEBHOOK_EVENT_TYPES),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  created_at: z.string(),
  next_attempt_at: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;
