import { MAX_ATTACHMENT_BYTES } from '@agency/schema';
import type { AppContext } from '../../context.js';
import type { InvoiceService } from '../invoices/service.js';
import type { NotificationService } from '../notifications/service.js';
import { billTime } from './actions/bill-time.js';
import { billablePreview } from './actions/billable-preview.js';
import { createEntry } from './actions/create-entry.js';
import { createExpense } from './actions/create-expense.js';
import { currentTimer } from './actions/current-timer.js';
import { decideExpense } from './actions/decide-expense.js';
import { decideTimesheet } from './actions/decide-timesheet.js';
import { deleteEntry } from './actions/delete-entry.js';
import { deleteExpense } from './actions/delete-expense.js';
import { discardTimer } from './actions/discard-timer.js';
import { getEntry } from './actions/get-entry.js';
import { getExpense } from './actions/get-expense.js';
import { getTimesheet } from './actions/get-timesheet.js';
import { listApprovals } from './actions/list-approvals.js';
import { listEntries } from './actions/list-entries.js';
import { listExpenses } from './actions/list-expenses.js';
import { exportProfitabilityCsv } from './actions/export-profitability-csv.js';
import { profitabilityReport } from './actions/profitability-report.js';
import { projectBurn } from './actions/project-burn.js';
import { projectProfitability } from './actions/project-profitability.js';
import { getProjectRates } from './actions/get-project-rates.js';
import { setProjectRates } from './actions/set-project-rates.js';
import { shareTimeLog } from './actions/share-time-log.js';
import { invoiceTime } from './actions/invoice-time.js';
import { projectTimeLog } from './actions/project-time-log.js';
import { assertMayAttachReceipt } from './actions/assert-may-attach-receipt.js';
import { findReceipt } from './actions/find-receipt.js';
import { recordReceipt } from './actions/record-receipt.js';
import { recountInvoice } from './actions/recount-invoice.js';
import { recountInvoicesChangedSince } from './actions/recount-invoices-changed-since.js';
import { invoicesToRelease } from './actions/invoices-to-release.js';
import { releaseInvoice } from './actions/release-invoice.js';
import { dueReminders } from './actions/due-reminders.js';
import { sendReminder } from './actions/send-reminder.js';
import { startTimer } from './actions/start-timer.js';
import { stopTimer } from './actions/stop-timer.js';
import { submitExpense } from './actions/submit-expense.js';
import { submitTimesheet } from './actions/submit-timesheet.js';
import { updateEntry } from './actions/update-entry.js';
import { updateExpense } from './actions/update-expense.js';
import { getUserRates } from './actions/get-user-rates.js';
import { setUserRates } from './actions/set-user-rates.js';
import type { TimeDeps } from './deps.js';

export { expenseReceiptPath } from './queries.js';

/**
 * Time, expenses and what projects earn: one action per file under actions/, composed here into the service the
 * routes and jobs use. The reads they share are in `queries.ts`, the rules every entry keeps in `checks.ts`, the
 * monthly totals and budget warnings in `totals.ts`.
 */
export function createTimeService(ctx: AppContext, notifications: NotificationService, invoices: InvoiceService) {
  const deps: TimeDeps = { ctx, notifications, invoices };
  return {
    createEntry: createEntry(deps),
    updateEntry: updateEntry(deps),
    deleteEntry: deleteEntry(deps),
    getEntry: getEntry(deps),
    listEntries: listEntries(deps),
    startTimer: startTimer(deps),
    stopTimer: stopTimer(deps),
    currentTimer: currentTimer(deps),
    discardTimer: discardTimer(deps),
    getTimesheet: getTimesheet(deps),
    submitTimesheet: submitTimesheet(deps),
    decideTimesheet: decideTimesheet(deps),
    approvals: listApprovals(deps),
    getProjectRates: getProjectRates(deps),
    setProjectRates: setProjectRates(deps),
    shareTimeLog: shareTimeLog(deps),
    invoiceTime: invoiceTime(deps),
    projectTimeLog: projectTimeLog(deps),
    getUserRates: getUserRates(deps),
    setUserRates: setUserRates(deps),
    createExpense: createExpense(deps),
    updateExpense: updateExpense(deps),
    deleteExpense: deleteExpense(deps),
    getExpense: getExpense(deps),
    listExpenses: listExpenses(deps),
    submitExpense: submitExpense(deps),
    decideExpense: decideExpense(deps),
    assertMayAttachReceipt: assertMayAttachReceipt(deps),
    recordReceipt: recordReceipt(deps),
    findReceipt: findReceipt(deps),
    billablePreview: billablePreview(deps),
    billTime: billTime(deps),
    releaseInvoice: releaseInvoice(deps),
    invoicesToRelease: invoicesToRelease(deps),
    recountInvoice: recountInvoice(deps),
    recountInvoicesChangedSince: recountInvoicesChangedSince(deps),
    profitability: projectProfitability(deps),
    burn: projectBurn(deps),
    report: profitabilityReport(deps),
    exportReportCsv: exportProfitabilityCsv(deps),
    dueReminders: dueReminders(deps),
    sendReminder: sendReminder(deps),
    limits: { maxBytes: MAX_ATTACHMENT_BYTES },
  };
}

export type TimeService = ReturnType<typeof createTimeService>;
