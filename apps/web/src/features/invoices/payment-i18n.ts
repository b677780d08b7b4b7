// The payment result pages are public: they carry only their own few texts, not the invoices screens' catalogue.
import english from '../../locales/en-GB/payment.json';
import { catalogue } from '../../i18n';

export const usePaymentT = catalogue('payment', english);
