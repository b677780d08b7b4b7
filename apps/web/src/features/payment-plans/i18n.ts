import english from '../../locales/en-GB/paymentPlans.json';
import { catalogue } from '../../i18n';

/** A project's payment plan: its stages, their release and state, and the editor. */
export const usePaymentPlansT = catalogue('paymentPlans', english);
