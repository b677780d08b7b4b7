import {
  CARD_EVENT_KINDS,
  EMPLOYEE_ROLES,
  TRAINING_MATERIAL_KINDS,
  TRAINING_MODULE_STATUSES,
  CURRENCIES,
  INVOICE_KINDS,
  INVOICE_STATUSES,
  PAYMENT_KINDS,
  PAYMENT_METHODS,
  PAYMENT_PROVIDERS,
  CHECKOUT_SESSION_STATUSES,
  CONTRACT_EVENT_KINDS,
  CONTRACT_KINDS,
  CONTRACT_STATUSES,
  INVITATION_ROLES,
  NOTIFICATION_TARGET_TYPES,
  PROJECT_EVENT_KINDS,
  PROJECT_STATUSES,
  ROLES,
  TOOL_REQUEST_STATUSES,
  ACCOUNT_STATUSES,
  NOTIFICATION_CATEGORY_IDS,
  NOTIFICATION_CHANNELS,
  COMPANY_ROLES,
  TIME_ENTRY_STATUSES,
  TIMESHEET_STATUSES,
  EXPENSE_STATUSES,
  EXPENSE_CATEGORIES,
  WEBHOOK_DELIVERY_STATUSES,
  PROPOSAL_STATUSES,
  RECURRING_FREQUENCIES,
  RECURRING_STATUSES,
  STAGE_RELEASES,
  LOCALES,
} from '@agency/schema';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/**
 * A fractional-indexing order key. The keys sort by their bytes ("0-9A-Za-z"), so the column compares them in
 * the C collation whatever the database's locale is.
 */
const orderKey = customType<{ data: string }>({ dataType: () => 'text collate "C"' });

/**
 * Full-text search (`modules/search`): a `tsvector` the database computes from the row's own text on every write
 * (`generated always as (...) stored`), in the `simple` configuration (no stemming, no stop words: names, numbers and
 * any language match as written), with a GIN index beside it. Never written by the app.
 */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });
/** The search vector of these text columns, weighted A, B, ... in the order given (title first). */
const searchVector = (...columns: string[]) =>
  tsvector('search')
    .notNull()
    .generatedAlwaysAs(
      sql.raw(columns.map((c, i) => `setweight(to_tsvector('simple'::regconfig, coalesce(${c}, '')), '${'ABCD'[Math.min(i, 3)]}')`).join(' || ')),
    );

/**
 * A client company: it owns its projects, tool requests, invoices, conversations and client contracts; its people
 * are client users, each with a role in it (`users.company_role`).
 */
export const clientCompanies = pgTable(
  'client_companies',
  {
    id: id(),
    name: text('name').notNull(),
    billingAddress: text('billing_address'),
    /** ISO 3166-1 alpha-2. */
    country: text('country'),
    /** The tax or VAT number. */
    taxNumber: text('tax_number'),
    billingEmail: text('billing_email'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    search: searchVector('"name"', '"tax_number"'),
  },
  (t) => [index('client_companies_name_idx').on(t.name), index('client_companies_search_idx').using('gin', t.search)],
);

/** The company a record belongs to (client users' records; null where the record is the agency's own). */
const companyRef = (name = 'company_id') => bigint(name, { mode: 'number' }).references((): AnyPgColumn => clientCompanies.id);

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    // Unique ignoring case: the lower-cased, trimmed address.
    emailNormalized: text('email_normalized').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ROLES }).notNull(),
    status: text('status', { enum: ACCOUNT_STATUSES }).notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    company: text('company'),
    phone: text('phone'),
    /** A client's company and role there; both null for staff and employees. */
    companyId: companyRef(),
    companyRole: text('company_role', { enum: COMPANY_ROLES }),
    /** The language the person picked (LOCALES); null follows their browser, then the agency's default. */
    locale: text('locale', { enum: LOCALES }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    search: searchVector('"name"', '"email"'),
  },
  (t) => [
    index('users_search_idx').using('gin', t.search),
    uniqueIndex('users_email_normalized_key').on(t.emailNormalized),
    index('users_company_idx').on(t.companyId, t.id),
    // Every client belongs to exactly one company, with a role; nobody else belongs to one.
    check(
      'users_company_check',
      sql`case when ${t.role} = 'client' then ${t.companyId} is not null and ${t.companyRole} is not null else ${t.companyId} is null and ${t.companyRole} is null end`,
    ),
    // Exactly one super admin, even when two signups race.
    uniqueIndex('users_single_superadmin_key')
      .on(t.role)
      .where(sql`role = 'superadmin'`),
    index('users_role_created_idx').on(t.role, t.createdAt),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    tokenHash: text('token_hash').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    /** Set for a session opened from an e-mailed document link: it reaches that one document only (plugins/auth.ts). */
    documentLinkId: bigint('document_link_id', { mode: 'number' }),
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

/** Sign-in attempts that failed, or are being checked right now (removed again when the password was right). */
export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    emailNormalized: text('email_normalized').notNull(),
    ip: text('ip'),
    attemptedAt: ts('attempted_at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_time_idx').on(t.emailNormalized, t.attemptedAt)],
);

/** Fixed-window request counters shared by every node (rate limits without Redis). */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: ts('reset_at').notNull(),
});

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    // 'client' for a company's invitation, which names the company and the role there.
    role: text('role', { enum: [...INVITATION_ROLES, 'client'] }).notNull(),
    companyId: companyRef(),
    companyRole: text('company_role', { enum: COMPANY_ROLES }),
    tokenHash: text('token_hash').notNull(),
    invitedBy: bigint('invited_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    acceptedAt: ts('accepted_at'),
    acceptedUserId: bigint('accepted_user_id', { mode: 'number' }).references(() => users.id),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    index('invitations_email_idx').on(t.emailNormalized),
    index('invitations_company_idx').on(t.companyId, t.id),
  ],
);

/** A file a mail carries, read from storage when the mail is delivered. */
export type MailAttachment = { filename: string; content_type: string; storage_key: string };
/** The mail's main link, drawn as a button in its HTML part (the text part carries the same link in its words). */
export type MailAction = { label: string; url: string };

/** Every mail, stored in the transaction of the change that causes it and delivered by a background job. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** Where an answer goes: the per-person reply address of a chat message's e-mail. */
    replyTo: text('reply_to'),
    /** The main link, shown as a button in the HTML part. */
    action: jsonb('action').$type<MailAction>(),
    /** The language the mail was written in (its recipient's): the HTML layout's own words and direction follow it. */
    locale: text('locale', { enum: LOCALES }),
    transport: text('transport').notNull(),
    createdAt: createdAt(),
    /** Handed to the job runner (a sweep re-queues rows that never were, after a crash). */
    queuedAt: ts('queued_at'),
    attempts: integer('attempts').notNull().default(0),
    /** While set and in the future, one worker is delivering this mail. */
    leaseUntil: ts('lease_until'),
    sentAt: ts('sent_at'),
    failedAt: ts('failed_at'),
    error: text('error'),
  },
  (t) => [
    index('mail_outbox_pending_idx')
      .on(t.createdAt)
      .where(sql`sent_at is null and failed_at is null`),
  ],
);

export const projects = pgTable(
  'projects',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull(),
    category: text('category'),
    budgetMinor: bigint('budget_minor', { mode: 'number' }),
    currency: text('currency').notNull().default('GBP'),
    deadline: date('deadline', { mode: 'string' }),
    status: text('status', { enum: PROJECT_STATUSES }).notNull().default('pending'),
    rejectionReason: text('rejection_reason'),
    /** The person who asked for it; the project is their company's. */
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    companyId: companyRef().notNull(),
    teamLeadId: bigint('team_lead_id', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    search: searchVector('"title"', '"description"', '"category"'),
  },
  (t) => [
    index('projects_search_idx').using('gin', t.search),
    index('projects_client_idx').on(t.clientId, t.id),
    index('projects_company_idx').on(t.companyId, t.id),
    index('projects_status_idx').on(t.status, t.createdAt),
    index('projects_team_lead_idx').on(t.teamLeadId),
  ],
);

export const projectMembers = pgTable(
  'project_members',
  {
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_members_user_idx').on(t.userId)],
);

export const projectEvents = pgTable(
  'project_events',
  {
    id: id(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id),
    kind: text('kind', { enum: PROJECT_EVENT_KINDS }).notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    note: text('note'),
    /** What the product did on its own (a paid deposit started the work); null for a person's change. */
    trigger: text('trigger'),
    createdAt: createdAt(),
  },
  (t) => [index('project_events_project_idx').on(t.projectId, t.id)],
);

export const projectAttachments = pgTable(
  'project_attachments',
  {
    id: id(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    uploadedBy: bigint('uploaded_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storedFilename: text('stored_filename').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('project_attachments_project_idx').on(t.projectId), uniqueIndex('project_attachments_stored_key').on(t.storedFilename)],
);

export const notifications = pgTable(
  'notifications',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    // What the notification is about; the web app decides where each role opens it.
    targetType: text('target_type', { enum: NOTIFICATION_TARGET_TYPES }),
    targetId: text('target_id'),
    projectId: bigint('project_id', { mode: 'number' }).references(() => projects.id, { onDelete: 'cascade' }),
    readAt: ts('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.id),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
  ],
);

export const toolRequests = pgTable(
  'tool_requests',
  {
    id: id(),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    companyId: companyRef().notNull(),
    name: text('name').notNull(),
    category: text('category').notNull(),
    reason: text('reason').notNull(),
    quantity: integer('quantity').notNull(),
    neededBy: date('needed_by', { mode: 'string' }),
    status: text('status', { enum: TOOL_REQUEST_STATUSES }).notNull().default('requested'),
    decisionReason: text('decision_reason'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    decidedAt: ts('decided_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('tool_requests_client_idx').on(t.clientId, t.id),
    index('tool_requests_company_idx').on(t.companyId, t.id),
    index('tool_requests_status_idx').on(t.status, t.id),
  ],
);

export type StoredAttachment = { name: string; mime: string; size: number; stored_filename: string };

export const conversations = pgTable(
  'conversations',
  {
    // `<project_id>:<client_id>` (DESIGN section 5).
    id: text('id').primaryKey(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** The project's company: every person of it reads and writes in the thread. */
    companyId: companyRef().notNull(),
    // The inbox reads these, kept up to date in the same transaction as each insert: no scan of messages.
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    lastMessagePreview: text('last_message_preview'),
    lastSenderId: bigint('last_sender_id', { mode: 'number' }),
    lastSenderName: text('last_sender_name'),
    lastMessageTime: ts('last_message_time'),
    lastMessageAttachments: jsonb('last_message_attachments').$type<StoredAttachment[]>(),
    createdAt: createdAt(),
  },
  (t) => [
    // Exactly the inbox's order and filter, so the newest 200 come straight off the index.
    index('conversations_inbox_idx')
      .on(t.lastMessageTime.desc().nullsLast(), t.id.desc())
      .where(sql`last_message_id is not null`),
    index('conversations_client_idx').on(t.clientId),
    index('conversations_company_idx').on(t.companyId),
    index('conversations_project_idx').on(t.projectId),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: id(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    receiverId: bigint('receiver_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    content: text('message_content').notNull(),
    attachments: jsonb('message_attachments').$type<StoredAttachment[]>().notNull().default([]),
    timestamp: ts('timestamp').notNull().defaultNow(),
    deliveredAt: ts('delivered_at'),
    readAt: ts('read_at'),
    isRead: integer('is_read').notNull().default(0),
    search: searchVector('"message_content"'),
    /** How it was written when not in the app: `email` for a reply by e-mail. */
    via: text('via', { enum: ['email'] }),
  },
  (t) => [
    index('messages_search_idx').using('gin', t.search),
    index('messages_conversation_idx').on(t.conversationId, t.id),
    index('messages_receiver_idx').on(t.receiverId, t.id),
    index('messages_sender_idx').on(t.senderId, t.id),
    // Unread messages by receiver and conversation: the inbox counts each listed conversation's unread messages with
    // one index probe apiece (by receiver alone, each count walked all of the receiver's unread messages).
    index('messages_unread_idx')
      .on(t.receiverId, t.conversationId)
      .where(sql`is_read = 0`),
  ],
);

/**
 * Who of a client company read a message, and when: the super admin's message is read once any of them has, and
 * each person's own unread count and e-mails follow their own reads.
 */
export const messageReads = pgTable(
  'message_reads',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.messageId, t.userId] }), index('message_reads_user_idx').on(t.userId, t.messageId)],
);

/** Files streamed up before the message that carries them; claimed once by a send. */
export const messageUploads = pgTable(
  'message_uploads',
  {
    id: id(),
    uploaderId: bigint('uploader_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    storedFilename: text('stored_filename').notNull(),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    messageId: bigint('message_id', { mode: 'number' }).references(() => messages.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('message_uploads_stored_key').on(t.storedFilename), index('message_uploads_uploader_idx').on(t.uploaderId)],
);

/** Contract wording with `{{variables}}`; one default per kind is what approving a project uses. */
export const contractTemplates = pgTable(
  'contract_templates',
  {
    id: id(),
    kind: text('kind', { enum: CONTRACT_KINDS }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // At most one default per kind, so the start-up step that creates them can insert with "on conflict do nothing".
    uniqueIndex('contract_templates_default_key')
      .on(t.kind)
      .where(sql`is_default`),
  ],
);

export const contracts = pgTable(
  'contracts',
  {
    id: id(),
    kind: text('kind', { enum: CONTRACT_KINDS }).notNull(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    signerId: bigint('signer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** A client contract's company (the project's); null for a team contract. */
    companyId: companyRef(),
    templateId: bigint('template_id', { mode: 'number' }).references(() => contractTemplates.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    /** Markdown with variables while a draft; rendered and frozen when sent. */
    bodyMarkdown: text('body_markdown').notNull(),
    /** The frozen document, set once when sent; `document_sha256` is its hash. */
    bodyHtml: text('body_html'),
    documentSha256: text('document_sha256'),
    status: text('status', { enum: CONTRACT_STATUSES }).notNull().default('draft'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    sentAt: ts('sent_at'),
    viewedAt: ts('viewed_at'),
    signedAt: ts('signed_at'),
    expiresAt: ts('expires_at'),
    remindedAt: ts('reminded_at'),
    voidedAt: ts('voided_at'),
    voidReason: text('void_reason'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    search: searchVector('"title"'),
  },
  (t) => [
    index('contracts_search_idx').using('gin', t.search),
    // One live contract of a kind per signer and project: generating drafts twice creates nothing the second time.
    uniqueIndex('contracts_live_key')
      .on(t.projectId, t.kind, t.signerId)
      .where(sql`status in ('draft', 'sent', 'signed')`),
    index('contracts_signer_idx').on(t.signerId, t.id),
    index('contracts_company_idx').on(t.companyId, t.id),
    index('contracts_project_idx').on(t.projectId, t.id),
    index('contracts_status_idx').on(t.status, t.id),
    index('contracts_sent_idx')
      .on(t.sentAt)
      .where(sql`status = 'sent'`),
  ],
);

/** The one signature of a contract (unique per contract) and the sealed PDF it produced. */
export const contractSignatures = pgTable(
  'contract_signatures',
  {
    id: id(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    signerId: bigint('signer_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    /** The drawn signature, base64 PNG, when one was drawn. */
    imagePng: text('image_png'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    documentSha256: text('document_sha256').notNull(),
    signedAt: ts('signed_at').notNull(),
    pdfStorageKey: text('pdf_storage_key').notNull(),
    pdfSha256: text('pdf_sha256').notNull(),
    pdfSize: integer('pdf_size').notNull(),
    /** How the signer was identified: their signed-in session, or an e-mailed link and a code sent to their address. */
    identifiedBy: text('identified_by'),
  },
  (t) => [uniqueIndex('contract_signatures_contract_key').on(t.contractId), uniqueIndex('contract_signatures_pdf_key').on(t.pdfStorageKey)],
);

/** The audit trail: every step of a contract, who took it, from where. */
export const contractEvents = pgTable(
  'contract_events',
  {
    id: id(),
    contractId: bigint('contract_id', { mode: 'number' })
      .notNull()
      .references(() => contracts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONTRACT_EVENT_KINDS }).notNull(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id),
    ip: text('ip'),
    userAgent: text('user_agent'),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('contract_events_contract_idx').on(t.contractId, t.id)],
);

/** The last invoice number given out in each year: one row per year, incremented under its row lock. */
export const invoiceCounters = pgTable('invoice_counters', {
  year: integer('year').primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull(),
});

export type StoredInvoiceLine = {
  description: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  amount: number;
  discount: number;
  tax: number;
};

/** Invoices: amounts are integer minor units of `currency`; totals are computed by the server from the lines. */
export const invoices = pgTable(
  'invoices',
  {
    id: id(),
    invoiceNo: text('invoice_no').notNull(),
    /** Null for an invoice addressed to a company without a project (a recurring invoice's, issue 33). */
    projectId: bigint('project_id', { mode: 'number' }).references(() => projects.id),
    clientId: bigint('client_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    /** Who the invoice is addressed to: the project's company. */
    companyId: companyRef().notNull(),
    kind: text('kind', { enum: INVOICE_KINDS }).notNull().default('standard'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    lines: jsonb('lines').$type<StoredInvoiceLine[]>().notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    subtotal: bigint('subtotal', { mode: 'number' }).notNull(),
    taxTotal: bigint('tax_total', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    /** Received, less refunds. */
    amountPaid: bigint('amount_paid', { mode: 'number' }).notNull().default(0),
    amountRefunded: bigint('amount_refunded', { mode: 'number' }).notNull().default(0),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    notes: text('notes'),
    sentAt: ts('sent_at'),
    paidAt: ts('paid_at'),
    voidedAt: ts('voided_at'),
    voidReason: text('void_reason'),
    needsAttention: boolean('needs_attention').notNull().default(false),
    attentionNote: text('attention_note'),
    /** Charged to the company's default saved card when it is sent (autopay). */
    autoCharge: boolean('auto_charge').notNull().default(false),
    /** Credit notes against it: they reduce what is due like a payment, without money moving. */
    amountCredited: bigint('amount_credited', { mode: 'number' }).notNull().default(0),
    /** The final PDF of a paid or void invoice, stored once, and its SHA-256 (checked whenever it is served). */
    pdfKey: text('pdf_key'),
    pdfSha256: text('pdf_sha256'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    /** Raised by a recurring invoice for the period starting on `recurring_period_on` (issue 33). */
    recurringInvoiceId: bigint('recurring_invoice_id', { mode: 'number' }).references((): AnyPgColumn => recurringInvoices.id),
    recurringPeriodOn: date('recurring_period_on', { mode: 'string' }),
    /** A payment plan's stage this invoice released. */
    paymentStageId: bigint('payment_stage_id', { mode: 'number' }).references((): AnyPgColumn => paymentStages.id),
    search: searchVector('"invoice_no"'),
  },
  (t) => [
    index('invoices_search_idx').using('gin', t.search),
    uniqueIndex('invoices_invoice_no_key').on(t.invoiceNo),
    // One invoice per recurring invoice and period, however many sweeps run at once, on however many nodes.
    uniqueIndex('invoices_recurring_period_key')
      .on(t.recurringInvoiceId, t.recurringPeriodOn)
      .where(sql`recurring_invoice_id is not null`),
    // One invoice per payment stage, however it is released.
    uniqueIndex('invoices_payment_stage_key')
      .on(t.paymentStageId)
      .where(sql`payment_stage_id is not null`),
    // One deposit invoice per project, however often the contract's signature is announced.
    uniqueIndex('invoices_deposit_project_key')
      .on(t.projectId)
      .where(sql`kind = 'deposit'`),
    index('invoices_client_idx').on(t.clientId, t.id),
    index('invoices_company_idx').on(t.companyId, t.id),
    index('invoices_project_idx').on(t.projectId, t.id),
    index('invoices_status_idx').on(t.status, t.id),
    index('invoices_open_due_idx')
      .on(t.dueDate)
      .where(sql`status in ('sent', 'partially_paid', 'overdue')`),
  ],
);

export type StoredProposalItem = {
  id: string;
  description: string;
  quantity: number;
  unit_price: number;
  tax_rate: number;
  optional: boolean;
  selected: boolean;
};
export type StoredProposalSection = { title: string; body_markdown: string };

/**
 * Proposals (issue 31): a priced offer on a client's project, in integer minor units of the project's currency
 * (totals are computed from the items on every read). Acceptance freezes the content (`document_sha256`) and records
 * who accepted, from where, and the accepted total the deposit is a share of.
 */
export const proposals = pgTable(
  'proposals',
  {
    id: id(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    companyId: companyRef().notNull(),
    version: integer('version').notNull().default(1),
    /** The version this one revises. */
    previousId: bigint('previous_id', { mode: 'number' }).references((): AnyPgColumn => proposals.id),
    title: text('title').notNull(),
    introMarkdown: text('intro_markdown').notNull().default(''),
    sections: jsonb('sections').$type<StoredProposalSection[]>().notNull(),
    items: jsonb('items').$type<StoredProposalItem[]>().notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    depositPercent: integer('deposit_percent').notNull(),
    /** A pending project's team, named by staff; acceptance approves the project with it. */
    teamLeadId: bigint('team_lead_id', { mode: 'number' }).references(() => users.id),
    memberIds: jsonb('member_ids').$type<number[]>().notNull().default([]),
    status: text('status', { enum: PROPOSAL_STATUSES }).notNull().default('draft'),
    sentAt: ts('sent_at'),
    viewedAt: ts('viewed_at'),
    remindedAt: ts('reminded_at'),
    acceptedAt: ts('accepted_at'),
    declinedAt: ts('declined_at'),
    declineReason: text('decline_reason'),
    expiredAt: ts('expired_at'),
    voidedAt: ts('voided_at'),
    voidReason: text('void_reason'),
    /** The accepted content as rendered text, and its SHA-256: never changes after acceptance. */
    documentText: text('document_text'),
    documentSha256: text('document_sha256'),
    acceptedTotal: bigint('accepted_total', { mode: 'number' }),
    acceptedBy: bigint('accepted_by', { mode: 'number' }).references(() => users.id),
    signatureName: text('signature_name'),
    signatureImagePng: text('signature_image_png'),
    acceptIp: text('accept_ip'),
    acceptUserAgent: text('accept_user_agent'),
    contractId: bigint('contract_id', { mode: 'number' }).references(() => contracts.id, { onDelete: 'set null' }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    search: searchVector('"title"', '"intro_markdown"'),
  },
  (t) => [
    index('proposals_search_idx').using('gin', t.search),
    // One accepted proposal per project: two acceptances at once cannot both commit.
    uniqueIndex('proposals_accepted_project_key')
      .on(t.projectId)
      .where(sql`status = 'accepted'`),
    // A version is revised once.
    uniqueIndex('proposals_previous_key').on(t.previousId),
    index('proposals_project_idx').on(t.projectId, t.id),
    index('proposals_company_idx').on(t.companyId, t.id),
    index('proposals_status_idx').on(t.status, t.id),
    index('proposals_sent_valid_idx')
      .on(t.validUntil)
      .where(sql`status = 'sent'`),
  ],
);

/** Where staff start a proposal from: sections and items to copy. */
export const proposalTemplates = pgTable('proposal_templates', {
  id: id(),
  title: text('title').notNull(),
  introMarkdown: text('intro_markdown').notNull().default(''),
  sections: jsonb('sections').$type<StoredProposalSection[]>().notNull(),
  items: jsonb('items').$type<StoredProposalItem[]>().notNull(),
  createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Money in (payments) and out (refunds) of an invoice. A card payment carries the provider's payment reference. */
export const payments = pgTable(
  'payments',
  {
    id: id(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    kind: text('kind', { enum: PAYMENT_KINDS }).notNull(),
    method: text('method', { enum: PAYMENT_METHODS }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    reference: text('reference'),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }),
    /** The provider's id for this money movement (a checkout session, a refund); unique per provider. */
    providerRef: text('provider_ref'),
    /** A card payment's payment intent (what refunds are made against). */
    providerPaymentId: text('provider_payment_id'),
    /** A refund: the payment it returns money from. */
    refundOf: bigint('refund_of', { mode: 'number' }),
    receivedOn: date('received_on', { mode: 'string' }).notNull(),
    /** A payment's receipt (mail with the PDF) went out: set with the mail, once, by the receipt job. */
    receiptSentAt: ts('receipt_sent_at'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId, t.id),
    index('payments_receipt_pending_idx')
      .on(t.createdAt)
      .where(sql`kind = 'payment' and receipt_sent_at is null`),
    uniqueIndex('payments_provider_ref_key')
      .on(t.provider, t.providerRef)
      .where(sql`provider_ref is not null`),
    index('payments_received_idx').on(t.receivedOn),
  ],
);

/** An authenticator app tied to an account (admins and the super admin). Pending until a first code confirms it. */
export const userTotp = pgTable('user_totp', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  // Base32. It cannot be hashed: every sign-in recomputes codes from it.
  secret: text('secret').notNull(),
  createdAt: createdAt(),
  confirmedAt: ts('confirmed_at'),
  // The time step of the last code accepted: a code is never accepted twice.
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
});

/** One-time recovery codes: SHA-256 of salt and code (the codes carry 80 random bits), each used once. */
export const mfaRecoveryCodes = pgTable(
  'mfa_recovery_codes',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: ts('used_at'),
  },
  (t) => [index('mfa_recovery_codes_user_idx').on(t.userId)],
);

/** The second step of a sign-in: the password was right, a code is still owed. Short-lived and single-use. */
export const mfaChallenges = pgTable(
  'mfa_challenges',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('mfa_challenges_token_hash_key').on(t.tokenHash), index('mfa_challenges_expires_idx').on(t.expiresAt)],
);

/** Links that set a new password; only their hash is kept. `request_id` makes a retried mail job do nothing. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    requestId: text('request_id').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('password_resets_token_hash_key').on(t.tokenHash),
    uniqueIndex('password_resets_request_key').on(t.requestId),
    index('password_resets_user_idx').on(t.userId),
  ],
);

/**
 * The one-time tokens that let the owner of a fresh install sign up as super admin: each node writes its own into
 * its DATA_DIR and prints the link that carries it; only the hashes live here, and the first owner consumes them all.
 */
export const ownerSetupTokens = pgTable('owner_setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  createdAt: createdAt(),
});

/**
 * A client sign-up waiting for the link mailed to its address: the account is made only when the link is opened,
 * so a sign-up answers the same whether or not the address has an account (the mail says which).
 */
export const signupRequests = pgTable(
  'signup_requests',
  {
    id: id(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    passwordHash: text('password_hash').notNull(),
    company: text('company'),
    phone: text('phone'),
    tokenHash: text('token_hash').notNull(),
    ip: text('ip'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [uniqueIndex('signup_requests_token_hash_key').on(t.tokenHash), index('signup_requests_expires_idx').on(t.expiresAt)],
);

/** A new address waiting for the link sent to it to be opened. */
export const emailChanges = pgTable(
  'email_changes',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    newEmail: text('new_email').notNull(),
    newEmailNormalized: text('new_email_normalized').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [uniqueIndex('email_changes_token_hash_key').on(t.tokenHash), index('email_changes_user_idx').on(t.userId)],
);

/** Per person and kind of event: in the app only, or by e-mail too. No row: the default (both). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    category: text('category', { enum: NOTIFICATION_CATEGORY_IDS }).notNull(),
    channel: text('channel', { enum: NOTIFICATION_CHANNELS }).notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.category] })],
);

/**
 * What staff did, written in the transaction of the change itself (`core/audit.ts`): who, from which address,
 * which action on which record, and the record before and after where that matters. Rows are never changed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    at: ts('at').notNull().defaultNow(),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id),
    // The actor's role when they acted (roles change hands).
    actorRole: text('actor_role'),
    ip: text('ip'),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at.desc(), t.id.desc()),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
  ],
);

/**
 * Every verified event from a payment provider, by its id: inserted in the same transaction as its effect, so a
 * copy of an event (the provider retries, or sends it twice) finds its id taken and changes nothing.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: id(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    eventId: text('event_id').notNull(),
    type: text('type').notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' }).references(() => invoices.id),
    amount: bigint('amount', { mode: 'number' }),
    currency: text('currency'),
    /** What the event did: paid, ignored, flagged, refunded, ... */
    outcome: text('outcome').notNull(),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_key').on(t.provider, t.eventId), index('payment_events_invoice_idx').on(t.invoiceId)],
);

/** Checkout pages handed out for an invoice; the local provider's test checkout reads its own from here. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: id(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    sessionId: text('session_id').notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    url: text('url').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status', { enum: CHECKOUT_SESSION_STATUSES }).notNull().default('open'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('checkout_sessions_session_key').on(t.provider, t.sessionId), index('checkout_sessions_invoice_idx').on(t.invoiceId)],
);

/** A client company's customer record at a payment provider (Stripe: one Customer per company). */
export const paymentCustomers = pgTable(
  'payment_customers',
  {
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    customerId: text('customer_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.companyId, t.provider] }), uniqueIndex('payment_customers_customer_key').on(t.provider, t.customerId)],
);

/** Cards a company saved for autopay: the provider's reference and what may be shown (brand, last four, expiry), never a number. */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: id(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    providerMethodId: text('provider_method_id').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: integer('exp_month').notNull(),
    expYear: integer('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('payment_methods_provider_key').on(t.provider, t.providerMethodId),
    uniqueIndex('payment_methods_default_key')
      .on(t.companyId)
      .where(sql`is_default`),
    index('payment_methods_company_idx').on(t.companyId, t.id),
  ],
);

/** Pages handed out to save a card (Checkout in setup mode; the local provider's own page reads its sessions here). */
export const paymentSetups = pgTable(
  'payment_setups',
  {
    id: id(),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    sessionId: text('session_id').notNull(),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    successUrl: text('success_url').notNull(),
    cancelUrl: text('cancel_url').notNull(),
    status: text('status', { enum: CHECKOUT_SESSION_STATUSES }).notNull().default('open'),
    expiresAt: ts('expires_at').notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('payment_setups_session_key').on(t.provider, t.sessionId)],
);

/** Autopay for a company stops after the last retry of a failed charge, until a new card is saved. */
export const autopayPauses = pgTable('autopay_pauses', {
  companyId: bigint('company_id', { mode: 'number' })
    .primaryKey()
    .references(() => clientCompanies.id, { onDelete: 'cascade' }),
  invoiceId: bigint('invoice_id', { mode: 'number' }).references(() => invoices.id),
  reason: text('reason').notNull(),
  pausedAt: ts('paused_at').notNull(),
});

/**
 * Each off-session charge of an invoice: one row per invoice and attempt (the idempotency key at the provider is
 * `autopay:<invoice>:<attempt>`), so two runners never charge one attempt twice. A failed one names when the next
 * attempt is due; the last one pauses autopay.
 */
export const autopayAttempts = pgTable(
  'autopay_attempts',
  {
    id: id(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    companyId: bigint('company_id', { mode: 'number' })
      .notNull()
      .references(() => clientCompanies.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    paymentMethodId: bigint('payment_method_id', { mode: 'number' }).references(() => paymentMethods.id, { onDelete: 'set null' }),
    provider: text('provider', { enum: PAYMENT_PROVIDERS }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    paymentIntentId: text('payment_intent_id'),
    /** processing, succeeded, failed, requires_action */
    status: text('status').notNull().default('processing'),
    failureCode: text('failure_code'),
    failureMessage: text('failure_message'),
    nextRetryAt: ts('next_retry_at'),
    /** The link to finish a payment that needs the cardholder went out (requires_action). */
    actionMailedAt: ts('action_mailed_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('autopay_attempts_invoice_attempt_key').on(t.invoiceId, t.attempt),
    uniqueIndex('autopay_attempts_intent_key')
      .on(t.provider, t.paymentIntentId)
      .where(sql`payment_intent_id is not null`),
    index('autopay_attempts_retry_idx')
      .on(t.nextRetryAt)
      .where(sql`status = 'failed' and next_retry_at is not null`),
  ],
);

/** The last credit note number given out in each year (CN-<year>-NNNN), incremented under its row lock. */
export const creditNoteCounters = pgTable('credit_note_counters', {
  year: integer('year').primaryKey(),
  last: bigint('last', { mode: 'number' }).notNull(),
});

/** Credit notes: an amount taken off what an issued invoice still asks for (a correction, or money given back). */
export const creditNotes = pgTable(
  'credit_notes',
  {
    id: id(),
    creditNoteNo: text('credit_note_no').notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    companyId: companyRef().notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    reason: text('reason').notNull(),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('credit_notes_no_key').on(t.creditNoteNo),
    index('credit_notes_invoice_idx').on(t.invoiceId, t.id),
    index('credit_notes_company_idx').on(t.companyId, t.issuedOn),
  ],
);

/** Reminders already sent, one row per invoice and day offset: the job sends each at most once. */
export const invoiceReminders = pgTable(
  'invoice_reminders',
  {
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    offsetDays: integer('offset_days').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.invoiceId, t.offsetDays] })],
);

/** Per-project billing settings: staff may turn the automatic deposit invoice off. */
export const projectBilling = pgTable('project_billing', {
  projectId: bigint('project_id', { mode: 'number' })
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  autoDeposit: boolean('auto_deposit').notNull().default(true),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * Events pushed to people's browsers (GET /api/events), kept for a while so a stream that reconnects with
 * Last-Event-ID gets what it missed. Written in the transaction of the change; `user_ids` is who may see it.
 */
export const eventLog = pgTable(
  'event_log',
  {
    id: id(),
    type: text('type').notNull(),
    userIds: bigint('user_ids', { mode: 'number' }).array().notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('event_log_created_idx').on(t.createdAt)],
);

/** A project's board exists once someone opens it; creating this row first makes the default columns appear once. */
export const boards = pgTable('boards', {
  projectId: bigint('project_id', { mode: 'number' })
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const boardColumns = pgTable(
  'board_columns',
  {
    id: id(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => boards.projectId, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    position: orderKey('position').notNull(),
    wipLimit: integer('wip_limit'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('board_columns_position_key').on(t.projectId, t.position)],
);

export type ChecklistRow = { id: string; text: string; done: boolean };

export const boardCards = pgTable(
  'board_cards',
  {
    id: id(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => boards.projectId, { onDelete: 'cascade' }),
    // A column is deleted only while empty; a project's deletion removes both through the board.
    columnId: bigint('column_id', { mode: 'number' })
      .notNull()
      .references(() => boardColumns.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: orderKey('position').notNull(),
    /** Raised by every write of the card; a write that names an older version is refused (409). */
    version: integer('version').notNull().default(1),
    assigneeIds: bigint('assignee_ids', { mode: 'number' })
      .array()
      .notNull()
      .default(sql`'{}'::bigint[]`),
    labels: text('labels')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dueDate: date('due_date', { mode: 'string' }),
    checklist: jsonb('checklist').$type<ChecklistRow[]>().notNull().default([]),
    commentCount: integer('comment_count').notNull().default(0),
    attachmentCount: integer('attachment_count').notNull().default(0),
    /** Set while the card is in the board's last column. */
    doneAt: ts('done_at'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    search: searchVector('"title"', '"description"'),
  },
  (t) => [
    index('board_cards_search_idx').using('gin', t.search),
    // Two cards never share a place in a column: moves into a column are serialised on its row, and this holds it.
    uniqueIndex('board_cards_position_key').on(t.columnId, t.position),
    index('board_cards_project_idx').on(t.projectId),
    index('board_cards_assignees_idx').using('gin', t.assigneeIds),
  ],
);

export const boardCardComments = pgTable(
  'board_card_comments',
  {
    id: id(),
    cardId: bigint('card_id', { mode: 'number' })
      .notNull()
      .references(() => boardCards.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('board_card_comments_card_idx').on(t.cardId, t.id)],
);

export const boardCardAttachments = pgTable(
  'board_card_attachments',
  {
    id: id(),
    cardId: bigint('card_id', { mode: 'number' })
      .notNull()
      .references(() => boardCards.id, { onDelete: 'cascade' }),
    uploadedBy: bigint('uploaded_by', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    storedFilename: text('stored_filename').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('board_card_attachments_card_idx').on(t.cardId),
    index('board_card_attachments_uploader_idx').on(t.uploadedBy),
    uniqueIndex('board_card_attachments_stored_key').on(t.storedFilename),
  ],
);

export const boardCardEvents = pgTable(
  'board_card_events',
  {
    id: id(),
    cardId: bigint('card_id', { mode: 'number' })
      .notNull()
      .references(() => boardCards.id, { onDelete: 'cascade' }),
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: CARD_EVENT_KINDS }).notNull(),
    summary: text('summary').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('board_card_events_card_idx').on(t.cardId, t.id)],
);

export const trainingModules = pgTable(
  'training_modules',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    status: text('status', { enum: TRAINING_MODULE_STATUSES }).notNull().default('draft'),
    position: orderKey('position').notNull(),
    /** The employee roles the module is assigned to (none: unassigned). */
    roles: text('roles', { enum: EMPLOYEE_ROLES })
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    dueDate: date('due_date', { mode: 'string' }),
    publishedAt: ts('published_at'),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('training_modules_position_key').on(t.position)],
);

export const trainingMaterials = pgTable(
  'training_materials',
  {
    id: id(),
    moduleId: bigint('module_id', { mode: 'number' })
      .notNull()
      .references(() => trainingModules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    kind: text('kind', { enum: TRAINING_MATERIAL_KINDS }).notNull(),
    linkUrl: text('link_url'),
    content: text('content').notNull().default(''),
    fileStoredFilename: text('file_stored_filename'),
    fileName: text('file_name'),
    fileMime: text('file_mime'),
    fileSize: bigint('file_size', { mode: 'number' }),
    /** Who uploaded the file: it counts against their storage quota. */
    fileUploadedBy: bigint('file_uploaded_by', { mode: 'number' }).references(() => users.id),
    position: orderKey('position').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('training_materials_position_key').on(t.moduleId, t.position),
    uniqueIndex('training_materials_stored_key').on(t.fileStoredFilename),
    index('training_materials_uploader_idx').on(t.fileUploadedBy),
  ],
);

export const trainingCompletions = pgTable(
  'training_completions',
  {
    materialId: bigint('material_id', { mode: 'number' })
      .notNull()
      .references(() => trainingMaterials.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    completedAt: ts('completed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.materialId, t.userId] }), index('training_completions_user_idx').on(t.userId)],
);

/**
 * Time spent on a project (and perhaps one of its cards) by one person. `work_date` is the day it starts in the
 * agency's time zone: the day and ISO week it counts on. `cost` is its minutes at the person's cost rate when it
 * was written (minor units of `cost_currency`; 0 and no currency while the person has no rate).
 */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    cardId: bigint('card_id', { mode: 'number' }).references(() => boardCards.id, { onDelete: 'set null' }),
    startedAt: ts('started_at').notNull(),
    minutes: integer('minutes').notNull(),
    workDate: date('work_date', { mode: 'string' }).notNull(),
    note: text('note').notNull().default(''),
    billable: boolean('billable').notNull().default(true),
    status: text('status', { enum: TIME_ENTRY_STATUSES }).notNull().default('draft'),
    invoiceId: bigint('invoice_id', { mode: 'number' }).references(() => invoices.id),
    costRate: bigint('cost_rate', { mode: 'number' }),
    costCurrency: text('cost_currency', { enum: CURRENCIES }),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    // A person's week (the timesheet) and day totals.
    index('time_entries_user_day_idx').on(t.userId, t.workDate, t.startedAt),
    // Overlap checks look back at most a day from a start.
    index('time_entries_user_start_idx').on(t.userId, t.startedAt),
    index('time_entries_project_day_idx').on(t.projectId, t.workDate),
    // What is waiting to be billed on a project.
    index('time_entries_billable_idx')
      .on(t.projectId)
      .where(sql`status = 'approved' and billable and invoice_id is null`),
    index('time_entries_invoice_idx')
      .on(t.invoiceId)
      .where(sql`invoice_id is not null`),
    index('time_entries_card_idx')
      .on(t.cardId)
      .where(sql`card_id is not null`),
  ],
);

/** The one running timer of a person (the primary key makes it one), in the database so it outlives a restart. */
export const timers = pgTable('timers', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  projectId: bigint('project_id', { mode: 'number' })
    .notNull()
    .references(() => projects.id, { onDelete: 'cascade' }),
  cardId: bigint('card_id', { mode: 'number' }).references(() => boardCards.id, { onDelete: 'set null' }),
  note: text('note').notNull().default(''),
  startedAt: ts('started_at').notNull(),
});

/** A person's ISO week once it has been submitted: its status, and who decided it. No row: a draft week. */
export const timesheets = pgTable(
  'timesheets',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: text('week').notNull(),
    status: text('status', { enum: TIMESHEET_STATUSES }).notNull().default('draft'),
    submittedAt: ts('submitted_at'),
    decidedAt: ts('decided_at'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id),
    reason: text('reason'),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('timesheets_user_week_key').on(t.userId, t.week), index('timesheets_status_idx').on(t.status, t.week)],
);

/** Reminders sent about a week not submitted: one per person and week, whatever runs the job. */
export const timesheetReminders = pgTable(
  'timesheet_reminders',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    week: text('week').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.week] })],
);

/**
 * What an hour of a project is billed at, in minor units of the project's currency, and whether the client company's
 * owners and billing people may read the project's time log (approved and billed time, never costs or rates).
 */
export const projectRates = pgTable('project_rates', {
  projectId: bigint('project_id', { mode: 'number' })
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
  hourlyRate: bigint('hourly_rate', { mode: 'number' }),
  clientTimeLog: boolean('client_time_log').notNull().default(false),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** What an hour of a person costs the agency. */
export const userRates = pgTable('user_rates', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  costRate: bigint('cost_rate', { mode: 'number' }),
  currency: text('currency', { enum: CURRENCIES }).notNull(),
  updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Money spent on a project, with its receipt (a file in storage), approved by staff and perhaps billed. */
export const expenses = pgTable(
  'expenses',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    date: date('date', { mode: 'string' }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    category: text('category', { enum: EXPENSE_CATEGORIES }).notNull(),
    description: text('description').notNull(),
    billable: boolean('billable').notNull().default(true),
    status: text('status', { enum: EXPENSE_STATUSES }).notNull().default('draft'),
    invoiceId: bigint('invoice_id', { mode: 'number' }).references(() => invoices.id),
    rejectionReason: text('rejection_reason'),
    receiptStoredFilename: text('receipt_stored_filename'),
    receiptName: text('receipt_name'),
    receiptMime: text('receipt_mime'),
    receiptSize: bigint('receipt_size', { mode: 'number' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('expenses_project_date_idx').on(t.projectId, t.date),
    index('expenses_user_idx').on(t.userId, t.id),
    index('expenses_status_idx').on(t.status, t.id),
    index('expenses_invoice_idx')
      .on(t.invoiceId)
      .where(sql`invoice_id is not null`),
    uniqueIndex('expenses_receipt_key').on(t.receiptStoredFilename),
  ],
);

/**
 * What is on an invoice because it was billed from time or expenses: the primary key lets an entry or an expense be
 * on one invoice only, however many drafts bill the project at once. Voiding the invoice removes its rows.
 */
export const billedItems = pgTable(
  'billed_items',
  {
    itemKind: text('item_kind', { enum: ['time', 'expense'] }).notNull(),
    itemId: bigint('item_id', { mode: 'number' }).notNull(),
    invoiceId: bigint('invoice_id', { mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    billedAt: ts('billed_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.itemKind, t.itemId] }), index('billed_items_invoice_idx').on(t.invoiceId)],
);

/**
 * Time, expenses and issued invoices per project, month and currency: the profitability report reads these (thousands
 * of rows), never the million entries or every invoice. A project-month is recounted from its sources in the
 * transaction of every change to its time or expenses, and after every invoice event (`modules/time/totals.ts`).
 */
export const projectMonthTotals = pgTable(
  'project_month_totals',
  {
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    month: date('month', { mode: 'string' }).notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    minutes: bigint('minutes', { mode: 'number' }).notNull().default(0),
    unpricedMinutes: bigint('unpriced_minutes', { mode: 'number' }).notNull().default(0),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    expenses: bigint('expenses', { mode: 'number' }).notNull().default(0),
    /** Issued invoices (not drafts, not void) by issue month, net of discount and tax, and the same share of what was paid. */
    invoiced: bigint('invoiced', { mode: 'number' }).notNull().default(0),
    paid: bigint('paid', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.month, t.currency] }), index('project_month_totals_month_idx').on(t.month)],
);

/** Budget warnings sent: one per project, threshold and budget (a new budget may warn again). */
export const budgetAlerts = pgTable(
  'budget_alerts',
  {
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    percent: integer('percent').notNull(),
    budgetMinor: bigint('budget_minor', { mode: 'number' }).notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.percent, t.budgetMinor] })],
);

/**
 * Personal API tokens: like sessions, only the SHA-256 of the secret is kept. A token acts as its owner, within its
 * scopes, until it expires or is revoked (by its owner or by staff).
 */
export const apiTokens = pgTable(
  'api_tokens',
  {
    id: id(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    createdAt: createdAt(),
    expiresAt: ts('expires_at'),
    lastUsedAt: ts('last_used_at'),
    revokedAt: ts('revoked_at'),
  },
  (t) => [uniqueIndex('api_tokens_token_hash_key').on(t.tokenHash), index('api_tokens_user_idx').on(t.userId)],
);

/** Outgoing webhook endpoints. The secret signs deliveries: it is shown once and kept encrypted (modules/webhooks/secret-box.ts). */
export const webhooks = pgTable(
  'webhooks',
  {
    id: id(),
    ownerId: bigint('owner_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    createdAt: createdAt(),
    /** Since when every attempt failed (null after a success); 24 hours of it disables the endpoint. */
    failingSince: ts('failing_since'),
    disabledAt: ts('disabled_at'),
  },
  (t) => [index('webhooks_owner_idx').on(t.ownerId)],
);

/** One event for one endpoint: the exact body sent on every attempt, and where its retries stand. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: id(),
    webhookId: bigint('webhook_id', { mode: 'number' })
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: text('payload').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pending'),
    /** Attempts since the delivery was created or last replayed: the backoff counts from here. */
    round: integer('round').notNull().default(0),
    /** When the current series of attempts began (creation or replay): retries stop 24 hours after it. */
    startedAt: ts('started_at').notNull().defaultNow(),
    nextAttemptAt: ts('next_attempt_at'),
    createdAt: createdAt(),
  },
  (t) => [index('webhook_deliveries_webhook_idx').on(t.webhookId, t.id)],
);

/** Each attempt of a delivery: what the endpoint answered, how fast, and its answer's first 1 KB. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: id(),
    deliveryId: bigint('delivery_id', { mode: 'number' })
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: 'cascade' }),
    at: ts('at').notNull(),
    statusCode: integer('status_code'),
    durationMs: integer('duration_ms').notNull(),
    response: text('response').notNull(),
    error: text('error'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.id)],
);

// --- Recurring invoices and payment plans (issue 33) ------------------------------------------------------------

export type StoredTemplateLine = { description: string; quantity: number; unit_price: number; tax_rate: number };

/**
 * A recurring invoice: a template of lines for a project's company and a schedule. The sweep raises the invoice of
 * the period starting on `next_run_on` once that day has come in the agency's time zone, then moves it on.
 */
export const recurringInvoices = pgTable(
  'recurring_invoices',
  {
    id: id(),
    /** Optional: a template is for a company and, when it names one, a project of that company. */
    projectId: bigint('project_id', { mode: 'number' }).references(() => projects.id),
    companyId: companyRef().notNull(),
    currency: text('currency', { enum: CURRENCIES }).notNull(),
    lines: jsonb('lines').$type<StoredTemplateLine[]>().notNull(),
    discount: bigint('discount', { mode: 'number' }).notNull().default(0),
    notes: text('notes'),
    frequency: text('frequency', { enum: RECURRING_FREQUENCIES }).notNull(),
    interval: integer('interval').notNull().default(1),
    day: integer('day'),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
    count: integer('count'),
    autoSend: boolean('auto_send').notNull().default(true),
    autoCharge: boolean('auto_charge').notNull().default(false),
    status: text('status', { enum: RECURRING_STATUSES }).notNull().default('active'),
    /** The next period to raise; null once the schedule has no more. */
    nextRunOn: date('next_run_on', { mode: 'string' }),
    lastPeriodOn: date('last_period_on', { mode: 'string' }),
    invoiceCount: integer('invoice_count').notNull().default(0),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('recurring_invoices_due_idx')
      .on(t.nextRunOn)
      .where(sql`status = 'active'`),
    index('recurring_invoices_project_idx').on(t.projectId),
  ],
);

/**
 * A project's payment plan, one row a stage: a percentage (basis points) of the accepted total or a fixed amount,
 * released on a date, when a board card reaches the last column, or by hand; `invoice_id` once released.
 */
export const paymentStages = pgTable(
  'payment_stages',
  {
    id: id(),
    projectId: bigint('project_id', { mode: 'number' })
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    percentBp: integer('percent_bp'),
    amount: bigint('amount', { mode: 'number' }),
    release: text('release', { enum: STAGE_RELEASES }).notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    cardId: bigint('card_id', { mode: 'number' }).references(() => boardCards.id, { onDelete: 'set null' }),
    invoiceId: bigint('invoice_id', { mode: 'number' }).references((): AnyPgColumn => invoices.id),
    releasedAt: ts('released_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_stages_project_idx').on(t.projectId, t.position),
    index('payment_stages_unreleased_idx')
      .on(t.release, t.dueDate)
      .where(sql`invoice_id is null`),
    index('payment_stages_card_idx')
      .on(t.cardId)
      .where(sql`card_id is not null`),
  ],
);

/**
 * The reply address of one person in one conversation (`reply+<id>-<signature>@INBOUND_EMAIL_DOMAIN`): the id is
 * kept so the address can be revoked; the signature (an HMAC of the id, conversation and person) makes it unguessable.
 */
export const replyTokens = pgTable(
  'reply_tokens',
  {
    id: id(),
    conversationId: text('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    revokedAt: ts('revoked_at'),
  },
  (t) => [
    uniqueIndex('reply_tokens_live_key')
      .on(t.conversationId, t.userId)
      .where(sql`revoked_at is null`),
  ],
);

/** Bounces sent for refused inbound mail, per sender address: a flood from one address gets no more than a few. */
export const inboundBounces = pgTable(
  'inbound_bounces',
  {
    id: id(),
    address: text('address').notNull(),
    reason: text('reason').notNull(),
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [index('inbound_bounces_address_idx').on(t.address, t.sentAt)],
);

/**
 * A one-tap link to one document (proposal, contract, invoice) e-mailed to its addressee: redeemed for a session
 * scoped to that document. Revoked by staff or by the next send of the document; a code e-mailed to the addressee
 * is asked before signing through it.
 */
export const documentLinks = pgTable(
  'document_links',
  {
    id: id(),
    kind: text('kind', { enum: ['proposal', 'contract', 'invoice'] }).notNull(),
    documentId: bigint('document_id', { mode: 'number' }).notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    revokedAt: ts('revoked_at'),
    lastOpenedAt: ts('last_opened_at'),
    /** The signing code's SHA-256, while one is pending. */
    codeHash: text('code_hash'),
    codeExpiresAt: ts('code_expires_at'),
    codeAttempts: integer('code_attempts').notNull().default(0),
  },
  (t) => [index('document_links_document_idx').on(t.kind, t.documentId), index('document_links_user_idx').on(t.userId)],
);

/**
 * The agency's brand: one row (id 1), set by the super admin. An empty text field means "the default from the
 * environment" (BRAND_NAME, CONTACT_EMAIL, MAIL_FROM…), so clearing a field goes back to it.
 */
export const brandSettings = pgTable(
  'brand_settings',
  {
    id: integer('id').primaryKey().default(1),
    agencyName: text('agency_name').notNull().default(''),
    primaryColor: text('primary_color').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    senderName: text('sender_name').notNull().default(''),
    senderEmail: text('sender_email').notNull().default(''),
    footerLinks: jsonb('footer_links').$type<{ label: string; url: string }[]>().notNull().default([]),
    logoStorageKey: text('logo_storage_key'),
    logoMime: text('logo_mime'),
    logoSha256: text('logo_sha256'),
    updatedAt: ts('updated_at'),
  },
  (t) => [check('brand_settings_one_row', sql`${t.id} = 1`)],
);
