import { assertNever, isFullyRefunded, type InvoiceListItem, type InvoiceStatus } from '@agency/schema';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useInvoicesT } from '../i18n';

function colorOf(status: InvoiceStatus): ChipProps['color'] {
  switch (status) {
    case 'draft':
      return 'default';
    case 'sent':
      return 'info';
    case 'partially_paid':
      return 'warning';
    case 'paid':
      return 'success';
    case 'overdue':
      return 'error';
    case 'void':
      return 'default';
    default:
      return assertNever(status);
  }
}

type ChipInvoice = Pick<InvoiceListItem, 'status' | 'amount_paid' | 'amount_refunded'>;

/** The invoice's status; a paid invoice whose payments all went back reads "Refunded" (its status stays `paid`). */
export function InvoiceStatusChip({ invoice, size = 'small' }: { invoice: ChipInvoice; size?: ChipProps['size'] }) {
  const { t } = useInvoicesT();
  const { status } = invoice;
  const isRefunded = isFullyRefunded(invoice);
  return (
    <Chip
      label={isRefunded ? t('status.refunded') : t(`status.${status}`)}
      color={isRefunded ? 'default' : colorOf(status)}
      size={size}
      variant={isRefunded || status === 'void' || status === 'draft' ? 'outlined' : 'filled'}
      data-testid="invoice-status"
      data-status={status}
      data-refunded={isRefunded || undefined}
    />
  );
}
