import english from '../../locales/en-GB/invoices.json';
import { catalogue } from '../../i18n';

export const useInvoicesT = catalogue('invoices', english);
