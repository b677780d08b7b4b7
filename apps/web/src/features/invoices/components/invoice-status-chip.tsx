import { INVOICE_STATUS_LABELS, assertNever, type InvoiceStatus } from '@agency/schema';
import Chip, { type ChipProps } from '@mui/material/Chip';

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

export function InvoiceStatusChip({ status, size = 'small' }: { status: InvoiceStatus; size?: ChipProps['size'] }) {
  return (
    <Chip
      label={INVOICE_STATUS_LABELS[status]}
      color={colorOf(status)}
      size={size}
      variant={status === 'void' || status === 'draft' ? 'outlined' : 'filled'}
      data-testid="invoice-status"
      data-status={status}
    />
  );
}
