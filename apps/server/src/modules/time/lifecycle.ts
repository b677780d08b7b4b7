import { TIME_STATUS_LABELS, type ExpenseStatus, type TimesheetStatus } from '@agency/schema';
import { can, type SpentFacts, type TimesheetFacts } from '../../core/policy.js';
import { defineStateMachine } from '../../core/state-machine.js';

/**
 * A week: its owner submits it (again, after it was sent back); whoever may decide it approves or rejects it. A week
 * whose entries await more than one lead stays submitted until the last of them has decided (`decide-timesheet`).
 */
export const timesheetLifecycle = defineStateMachine<TimesheetStatus, TimesheetFacts>({
  entity: 'timesheet',
  labels: TIME_STATUS_LABELS,
  edges: [
    { from: ['draft', 'rejected'], to: 'submitted', who: (actor, week) => week.userId === actor.id },
    { from: ['submitted'], to: 'approved', who: (actor, week) => can(actor, 'timesheet:decide', week) },
    { from: ['submitted'], to: 'rejected', who: (actor, week) => can(actor, 'timesheet:decide', week) },
  ],
});

/**
 * An expense: its owner submits it, staff approve or reject it. Billing and voiding move approved expenses on and off
 * invoices in bulk, with the time billed beside them (`bill-time`, `release-invoice`), never by hand.
 */
export const expenseLifecycle = defineStateMachine<ExpenseStatus, SpentFacts>({
  entity: 'expense',
  labels: TIME_STATUS_LABELS,
  edges: [
    { from: ['draft', 'rejected'], to: 'submitted', who: (actor, expense) => expense.ownerId === actor.id },
    { from: ['submitted'], to: 'approved', who: (actor, expense) => can(actor, 'expense:decide', expense) },
    { from: ['submitted'], to: 'rejected', who: (actor, expense) => can(actor, 'expense:decide', expense) },
  ],
});
