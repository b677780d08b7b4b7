import type { InvoiceListItem } from '@agency/schema';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TextLink } from '../../../components/text-link';
import { formatDate } from '../../../lib/format';
import { useInvoicesT } from '../i18n';
import { InvoiceStatusChip } from './invoice-status-chip';
import { PayButton } from './pay-button';

/** An invoice with something to pay: its number and project, when it is due, and Pay. */
export function InvoiceToPayRow({ invoice, to }: { invoice: InvoiceListItem; to: string }) {
  const { t } = useInvoicesT();
  const isOverdue = invoice.status === 'overdue';
  return (
    <Box
      component="li"
      sx={{
        px: { xs: 2, sm: 3 },
        py: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        borderBottom: '1px solid',
        borderColor: 'divider',
        '&:last-of-type': { borderBottom: 0 },
      }}
      data-testid="invoice-to-pay"
      data-invoice-id={invoice.id}
    >
      <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
        <TextLink to={to} sx={{ fontWeight: 700 }}>
          {t(invoice.kind === 'deposit' ? 'toPay.depositInvoice' : 'toPay.invoice', { number: invoice.invoice_no })}
        </TextLink>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {invoice.project_title ?? invoice.company.name} ·{' '}
          <Box component="span" sx={isOverdue ? { color: 'error.main', fontWeight: 700 } : undefined}>
            {t(isOverdue ? 'toPay.overdueSince' : 'toPay.due', { date: formatDate(invoice.due_date) })}
          </Box>
        </Typography>
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
        <InvoiceStatusChip invoice={invoice} />
        <PayButton invoice={invoice} size="small" />
      </Stack>
    </Box>
  );
}
