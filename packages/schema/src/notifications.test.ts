import { describe, expect, it } from 'vitest';
import { NOTIFICATION_CATEGORIES, notificationCategoryOf } from './notification-kinds.js';

describe('notificationCategoryOf', () => {
  it.each([
    ['project_submitted', 'project_status'],
    ['project_approved', 'project_status'],
    ['project_in_progress', 'project_status'],
    ['tool_request_approved', 'tool_request'],
    ['message_received', 'message'],
    ['contract_sent', 'contract'],
    ['invoice_overdue', 'invoice'],
    ['payment_received', 'invoice'],
    ['account_enabled', 'account'],
    ['timesheet_rejected', 'time'],
    ['expense_approved', 'time'],
    ['budget_warning', 'time'],
  ])('files %s under %s', (kind, category) => {
    expect(notificationCategoryOf(kind)).toBe(category);
  });

  it('matches whole words of the kind, and leaves unknown kinds to the default (mailed)', () => {
    expect(notificationCategoryOf('projection_ready')).toBeNull();
    expect(notificationCategoryOf('tool')).toBeNull();
    expect(notificationCategoryOf('something_else')).toBeNull();
  });

  it('has one entry per category, each with a label', () => {
    const ids = NOTIFICATION_CATEGORIES.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of NOTIFICATION_CATEGORIES) expect(c.label.length).toBeGreaterThan(3);
  });
});
