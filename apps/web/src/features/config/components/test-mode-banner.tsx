import Alert from '@mui/material/Alert';
import { useConfig } from '../hooks/use-config';

/** Says so on every invoice and payment screen when card payments go to the built-in test checkout. */
export function TestModeBanner() {
  const { data } = useConfig();
  if (!data?.test_payments) return null;
  return (
    <Alert severity="warning" variant="outlined" sx={{ mb: 2 }} data-testid="test-mode-banner">
      <strong>Test mode: no money moves.</strong> Card payments go to a test checkout that takes test cards only.
    </Alert>
  );
}
