import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useInvoicesT } from '../i18n';

/**
 * What a company's member sees where invoices would be: the server answers them 403, which is a rule of the
 * company, not a failure to retry.
 */
export function InvoicesForbidden({ action }: { action?: ReactNode }) {
  const { t } = useInvoicesT();
  return (
    <Card
      component="section"
      aria-labelledby="invoices-forbidden-title"
      sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}
      data-testid="invoices-forbidden"
    >
      <Box aria-hidden="true" sx={{ color: 'text.disabled', '& svg': { fontSize: 40 } }}>
        <LockOutlinedIcon />
      </Box>
      <Typography id="invoices-forbidden-title" variant="h6" component="h2" sx={{ mt: 1 }}>
        {t('forbidden.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
        {t('forbidden.text')}
      </Typography>
      {action && <Box sx={{ mt: 2.5 }}>{action}</Box>}
    </Card>
  );
}
