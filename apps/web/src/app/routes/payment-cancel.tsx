import { PublicTitle } from '../layouts/site-title';
import { PaymentCancelled } from '../../features/invoices/components/payment-success';
import { lastCheckout } from '../../features/invoices/utils/last-checkout';
import { useCommonT } from '../../i18n';
import { paths } from '../../lib/paths';
import { invoicePathFor } from '../../lib/project-links';

/** /paymentcancel: public; nothing was charged; back to the invoice the client went to pay, when this tab knows it. */
export function PaymentCancelRoute() {
  const { t } = useCommonT();
  const invoiceId = lastCheckout();
  return (
    <>
      <PublicTitle title={t('pageTitles.paymentCancelled')} />
      <PaymentCancelled backPath={invoiceId ? (invoicePathFor('client', invoiceId) ?? paths.client.invoices) : paths.client.invoices} />
    </>
  );
}
