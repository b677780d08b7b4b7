/** Every TanStack Query key, in one place. */
export const queryKeys = {
  config: ['config'] as const,
  me: ['auth', 'me'] as const,
  passwordResetCheck: (token: string) => ['auth', 'password-reset-check', token] as const,
  invitations: {
    all: ['invitations', 'list'] as const,
    list: (role: 'admin' | 'employee') => ['invitations', 'list', role] as const,
  },
  users: {
    all: ['users'] as const,
    list: (role: 'admin' | 'employee') => ['users', role] as const,
    activeEmployees: ['users', 'employee', 'active'] as const,
  },
  projects: {
    all: ['projects'] as const,
    list: (filters: { status?: string; q?: string; order?: string }) => ['projects', 'list', filters] as const,
    summary: ['projects', 'summary'] as const,
    detail: (id: string) => ['projects', 'detail', id] as const,
    activity: (id: string) => ['projects', 'activity', id] as const,
  },
  search: (q: string, kinds: string, conversationId: string) => ['search', q, kinds, conversationId] as const,
  notifications: {
    all: ['notifications'] as const,
    list: ['notifications', 'list'] as const,
    latest: ['notifications', 'latest'] as const,
    unreadCount: ['notifications', 'unread-count'] as const,
  },
  invoices: {
    all: ['invoices'] as const,
    list: (filters: { status?: string; client_id?: string; project_id?: string; attention?: string }) => ['invoices', 'list', filters] as const,
    /** The caller's invoices with something to pay, for a client's dashboard. */
    toPay: ['invoices', 'to-pay'] as const,
    detail: (idOrNumber: string) => ['invoices', 'detail', idOrNumber] as const,
    summary: ['invoices', 'summary'] as const,
    billing: (projectId: string) => ['invoices', 'billing', projectId] as const,
  },
  recurringInvoices: {
    all: ['recurring-invoices'] as const,
    list: ['recurring-invoices', 'list'] as const,
    upcoming: (id: string) => ['recurring-invoices', 'upcoming', id] as const,
    forecast: ['recurring-invoices', 'forecast'] as const,
  },
  paymentPlans: {
    all: ['payment-plans'] as const,
    plan: (projectId: string) => ['payment-plans', projectId] as const,
  },
  toolRequests: {
    all: ['tool-requests'] as const,
    list: (status: string | undefined) => ['tool-requests', 'list', status ?? 'all'] as const,
  },
  board: {
    all: ['board'] as const,
    projects: ['board', 'projects'] as const,
    board: (projectId: string) => ['board', 'project', projectId] as const,
    card: (cardId: string) => ['board', 'card', cardId] as const,
    myCards: ['board', 'my-cards'] as const,
    summaries: ['board', 'summaries'] as const,
    progress: (projectId: string) => ['board', 'progress', projectId] as const,
  },
  training: {
    all: ['training'] as const,
    modules: ['training', 'modules'] as const,
    module: (id: string) => ['training', 'module', id] as const,
    mine: ['training', 'mine'] as const,
    progress: ['training', 'progress'] as const,
  },
  proposals: {
    all: ['proposals'] as const,
    list: (filters: object) => ['proposals', 'list', filters] as const,
    summary: ['proposals', 'summary'] as const,
    detail: (id: string) => ['proposals', 'detail', id] as const,
    templates: ['proposals', 'templates'] as const,
  },
  contracts: {
    all: ['contracts'] as const,
    list: (filters: object) => ['contracts', 'list', filters] as const,
    counts: (filters: object) => ['contracts', 'counts', filters] as const,
    detail: (id: string) => ['contracts', 'detail', id] as const,
    audit: (id: string) => ['contracts', 'audit', id] as const,
  },
  contractTemplates: {
    all: ['contract-templates'] as const,
    list: (kind: string | undefined) => ['contract-templates', 'list', kind ?? 'all'] as const,
    preview: (input: object) => ['contract-templates', 'preview', input] as const,
  },
  account: {
    all: ['account'] as const,
    profile: ['account', 'profile'] as const,
    sessions: ['account', 'sessions'] as const,
    preferences: ['account', 'notification-preferences'] as const,
    tokens: ['account', 'tokens'] as const,
  },
  /** Every person's API tokens, for staff. */
  apiTokens: ['api-tokens'] as const,
  brand: ['settings', 'brand'] as const,
  webhooks: {
    all: ['webhooks'] as const,
    deliveries: (id: string) => ['webhooks', 'deliveries', id] as const,
  },
  /** The signed-in client's own company. */
  company: {
    all: ['company'] as const,
    detail: ['company', 'detail'] as const,
    members: ['company', 'members'] as const,
    invitations: ['company', 'invitations'] as const,
  },
  /** Saved cards and statements (a company's, or the caller's own when `company` is ''). */
  billing: {
    all: ['billing'] as const,
    cards: (company: string) => ['billing', 'cards', company] as const,
    statement: (company: string, from: string, to: string) => ['billing', 'statement', company, from, to] as const,
  },
  /** Every client company, for staff. */
  companies: {
    all: ['companies'] as const,
    list: (q: string) => ['companies', 'list', q] as const,
    detail: (id: string) => ['companies', 'detail', id] as const,
  },
  /** Time entries, timers, weeks, expenses, rates and profitability. */
  time: {
    all: ['time'] as const,
    timer: ['time', 'timer'] as const,
    timesheet: (userId: string | null, week: string) => ['time', 'timesheet', userId ?? 'me', week] as const,
    approvals: ['time', 'approvals'] as const,
    entries: (filters: object) => ['time', 'entries', filters] as const,
    allExpenses: ['time', 'expenses'] as const,
    expenses: (filters: object) => ['time', 'expenses', filters] as const,
    billable: (invoiceId: string, groupBy: string) => ['time', 'billable', invoiceId, groupBy] as const,
    projectRates: (projectId: string) => ['time', 'project-rates', projectId] as const,
    userRates: (userId: string) => ['time', 'user-rates', userId] as const,
    profitability: (projectId: string) => ['time', 'profitability', projectId] as const,
    burn: (projectId: string, interval: string) => ['time', 'burn', projectId, interval] as const,
    report: (filters: object) => ['time', 'report', filters] as const,
    projects: ['time', 'projects'] as const,
    invoiceTime: (invoiceId: string) => ['time', 'invoice', invoiceId] as const,
    timeLog: (projectId: string) => ['time', 'time-log', projectId] as const,
    cards: (projectId: string) => ['time', 'cards', projectId] as const,
  },
  auditLog: (filters: Record<string, string | undefined>) => ['audit-log', filters] as const,
  messaging: {
    all: ['messaging'] as const,
    conversations: (side: 'superadmin' | 'client', userId: string | null) => ['messaging', 'conversations', side, userId] as const,
    thread: (side: 'superadmin' | 'client', conversationId: string) => ['messaging', 'thread', side, conversationId] as const,
    poll: (side: 'superadmin' | 'client', conversationId: string) => ['messaging', 'poll', side, conversationId] as const,
    unreadCount: ['messaging', 'unread-count'] as const,
  },
};

/** Queries that do not depend on who is signed in; they survive sign-in and sign-out. */
export function isPublicQueryKey(key: readonly unknown[]): boolean {
  return key[0] === queryKeys.config[0];
}
