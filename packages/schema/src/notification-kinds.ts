// What notifications are about, how often they are polled and which kinds a person may have e-mailed, without zod:
// every signed-in screen polls the unread count without loading the validation library.

/**
 * What a notification is about. The server stores this target, never a web path: the web app decides where
 * each role opens it (`notificationPath`), and e-mails link to `/go/<type>/<id>`, which the web app resolves.
 */
export const NOTIFICATION_TARGET_TYPES = [
  'project',
  'project_approval',
  'tool_request',
  'conversation',
  'contract',
  'proposal',
  'invoice',
  'board_card',
  'training',
  // Search results only (no notification is about these): a client company, and a staff or employee account.
  'company',
  'person',
] as const;
export type NotificationTargetType = (typeof NOTIFICATION_TARGET_TYPES)[number];
export type NotificationTarget = { type: NotificationTargetType; id: string };

/** The one web path the server may name: a resolver that sends each reader to their own screen for a target. */
export const GO_PATH_PREFIX = '/go';
export function goPath(target: NotificationTarget): string {
  return `${GO_PATH_PREFIX}/${target.type}/${encodeURIComponent(target.id)}`;
}

/** How often open dashboards ask for the unread count (toasts for new ones come from it). */
export const NOTIFICATION_POLL_INTERVAL_MS = 15000;

/**
 * The kinds of event a person may choose e-mail for. A notification's `kind` belongs to the first category one
 * of whose prefixes it starts with (`project_approved` -> project_status). Modules that add notifications add
 * their prefixes (or a category) here; a kind no category claims is always mailed.
 */
export const NOTIFICATION_CATEGORIES = [
  { id: 'message', label: 'Messages received', prefixes: ['message'] },
  { id: 'project_status', label: 'Project status', prefixes: ['project'] },
  { id: 'tool_request', label: 'Tool requests', prefixes: ['tool_request'] },
  { id: 'contract', label: 'Proposals and contracts', prefixes: ['contract', 'proposal'] },
  { id: 'invoice', label: 'Invoices and payments', prefixes: ['invoice', 'payment'] },
  { id: 'board', label: 'Board cards (assigned to you, comments)', prefixes: ['card'], roles: ['teamlead', 'teammember', 'admin', 'superadmin'] },
  { id: 'training', label: 'Training assigned', prefixes: ['training'], roles: ['teamlead', 'teammember'] },
  {
    id: 'time',
    label: 'Timesheets, expenses and budgets',
    prefixes: ['timesheet', 'expense', 'budget'],
    roles: ['teamlead', 'teammember', 'admin', 'superadmin'],
  },
  { id: 'account', label: 'Account and security', prefixes: ['account', 'security'] },
] as const;
export type NotificationCategory = (typeof NOTIFICATION_CATEGORIES)[number]['id'];

/** The categories a role can receive (board cards and training reach employees and staff only). */
export function notificationCategoriesFor(role: string) {
  return NOTIFICATION_CATEGORIES.filter((c) => !('roles' in c) || (c.roles as readonly string[]).includes(role));
}
export const NOTIFICATION_CATEGORY_IDS = NOTIFICATION_CATEGORIES.map((c) => c.id) as [NotificationCategory, ...NotificationCategory[]];

export function notificationCategoryOf(kind: string): NotificationCategory | null {
  // Longest prefix first, so `tool_request_approved` is a tool request, not something starting with `tool`.
  let best: { id: NotificationCategory; length: number } | null = null;
  for (const category of NOTIFICATION_CATEGORIES) {
    for (const prefix of category.prefixes) {
      if ((kind === prefix || kind.startsWith(`${prefix}_`)) && (!best || prefix.length > best.length))
        best = { id: category.id, length: prefix.length };
    }
  }
  return best?.id ?? null;
}

/** Where a kind of event reaches a person: always in the app, and by e-mail too unless they chose otherwise. */
export const NOTIFICATION_CHANNELS = ['in_app', 'in_app_and_email'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];
export const DEFAULT_NOTIFICATION_CHANNEL: NotificationChannel = 'in_app_and_email';
