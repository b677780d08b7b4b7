import type { InvoiceListItem } from '@agency/schema';
import CreditCardIcon from '@mui/icons-material/CreditCardOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import { notify } from '../../../lib/notify';
import { formatMoney } from '../../../lib/format';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { useInvoicesT } from '../i18n';
import { useStartCheckout } from '../api/start-checkout';
import { rememberCheckout } from '../utils/last-checkout';

type PayButtonProps = { invoice: Pick<InvoiceListItem, 'id' | 'amount_due' | 'currency'>; size?: ButtonProps['size']; fullWidth?: boolean };

/** Pay (card): asks for the provider's checkout page for what is due, and goes there. */
export function PayButton({ invoice, size = 'medium', fullWidth = false }: PayButtonProps) {
  const { t } = useInvoicesT();
  const checkout = useStartCheckout();
  function handlePay() {
    checkout.mutate(invoice.id, {
      onSuccess: ({ url }) => {
        rememberCheckout(invoice.id);
        window.location.assign(url);
      },
      onError: (error) => notify.error(hasErrorCode(error, 'INVOICE_ALREADY_PAID', 'INVOICE_NOT_DUE') ? t('pay.nothingDue') : errorMessage(error)),
    });
  }
  return (
    <Button
      variant="contained"
      color="primary"
      size={size}
      fullWidth={fullWidth}
      startIcon={<CreditCardIcon />}
      loading={checkout.isPending || checkout.isSuccess}
      onClick={handlePay}
      data-testid="pay-invoice"
    >
      {t('pay.button', { amount: formatMoney(invoice.amount_due, invoice.currency) })}
    </Button>
  );
}
