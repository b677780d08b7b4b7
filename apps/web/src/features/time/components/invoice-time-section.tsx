import { formatDate, formatDuration } from '@agency/schema';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import { useInvoiceTime } from '../api/get-invoice-time';
import { describeDuration, useTimeT } from '../i18n';

/**
 * The hours an invoice bills, day by day, for its client and staff: shown once the invoice bills time; nothing when it
 * bills none, or when the reader may not see it (a draft is the agency's own).
 */
export function InvoiceTimeSection({ invoiceId }: { invoiceId: string }) {
  const { t } = useTimeT();
  const query = useInvoiceTime(invoiceId);
  if (!query.data || query.data.items.length === 0) return null;
  const { items, total_minutes: total } = query.data;
  return (
    <Card component="section" aria-label={t('invoiceTime.title')} sx={{ mt: 3 }} data-testid="invoice-time">
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: 2, pb: 1 }}>
        <Typography variant="h6" component="h2">
          {t('invoiceTime.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="invoice-time-total">
          {t('invoiceTime.inAll', { duration: describeDuration(total) })}
        </Typography>
      </Box>
      <Box sx={{ overflowX: 'auto', px: { xs: 2, sm: 3 }, pb: 2 }} data-sideways-scroll="by-design">
        <Box
          component="table"
          sx={{
            width: '100%',
            borderCollapse: 'collapse',
            '& th, & td': {
              textAlign: 'left',
              py: 0.75,
              pr: 1.5,
              borderBottom: '1px solid',
              borderColor: 'divider',
              fontSize: '0.875rem',
              verticalAlign: 'top',
            },
            '& thead th': { color: 'text.secondary', fontWeight: 700 },
            '& td:last-of-type, & th:last-of-type': { textAlign: 'right', pr: 0, whiteSpace: 'nowrap' },
          }}
        >
          <thead>
            <tr>
              <th scope="col">{t('invoiceTime.day')}</th>
              <th scope="col">{t('invoiceTime.work')}</th>
              <th scope="col">{t('invoiceTime.time')}</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id} data-testid="invoice-time-item">
                <td style={{ whiteSpace: 'nowrap' }}>{formatDate(item.date)}</td>
                <td>
                  {item.card_title ?? t('invoiceTime.otherWork')} · {item.person}
                  {item.note && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {item.note}
                    </Typography>
                  )}
                </td>
                <td>{formatDuration(item.minutes)}</td>
              </tr>
            ))}
          </tbody>
        </Box>
      </Box>
    </Card>
  );
}
