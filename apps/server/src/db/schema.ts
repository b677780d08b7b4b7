import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const id = () => bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity();
const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();
const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const users = pgTable(
  'users',
  {
    id: id(),
    email: text('email').notNull(),
    // Unique ignoring case: the lower-cased, trimmed address.
    emailNormalized: text('email_normalized').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: ['client', 'admin', 'superadmin', 'teamlead', 'teammember'] }).notNull(),
    status: text('status', { enum: ['active', 'disabled'] }).notNull().default('active'),
    passwordHash: text('password_hash').notNull(),
    company: text('company'),
    phone: text('phone'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_normalized_key').on(t.emailNormalized),
    // Exactly one super admin, even when two signups race.
    uniqueIndex('users_single_superadmin_key').on(t.role).where(sql`role = 'superadmin'`),
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
  },
  (t) => [uniqueIndex('sessions_token_hash_key').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    emailNormalized: text('email_normalized').notNull(),
    attemptedAt: ts('attempted_at').notNull().defaultNow(),
  },
  (t) => [index('login_failures_email_time_idx').on(t.emailNormalized, t.attemptedAt)],
);

export const invitations = pgTable(
  'invitations',
  {
    id: id(),
    email: text('email').notNull(),
    emailNormalized: text('email_normalized').notNull(),
    role: text('role', { enum: ['admin', 'teamlead', 'teammember'] }).notNull(),
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
  (t) => [uniqueIndex('invitations_token_hash_key').on(t.tokenHash), index('invitations_email_idx').on(t.emailNormalized)],
);

export const mailOutbox = pgTable('mail_outbox', {
  id: id(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  transport: text('transport').notNull(),
  createdAt: createdAt(),
  sentAt: ts('sent_at'),
  error: text('error'),
});
