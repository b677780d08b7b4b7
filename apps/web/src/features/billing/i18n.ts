import english from '../../locales/en-GB/billing.json';
import { catalogue } from '../../i18n';

export const useBillingT = catalogue('billing', english);
