import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/**
 * What a company's member sees where invoices would be: the server answers them 403, which is a rule of the
 * company, not a failure to retry.
 */
export function InvoicesForbidden({ action }: { action?: ReactNode }) {
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
        Invoices are for your company’s owners and billing people
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 520, mx: 'auto' }}>
        Your role lets you follow the projects, chat with us and ask for tools. An owner of your company can give you the Billing role if you need to
        see or pay invoices.
      </Typography>
      {action && <Box sx={{ mt: 2.5 }}>{action}</Box>}
    </Card>
  );
}
