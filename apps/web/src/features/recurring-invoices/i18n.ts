import english from '../../locales/en-GB/recurringInvoices.json';
import { catalogue } from '../../i18n';

/** Recurring invoices (list, dialog, next dates) and the super admin's money-ahead card. */
export const useRecurringInvoicesT = catalogue('recurringInvoices', english);
