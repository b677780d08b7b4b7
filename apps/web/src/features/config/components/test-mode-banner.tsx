import Alert from '@mui/material/Alert';
import { Trans } from 'react-i18next';
import { useCommonT } from '../../../i18n';
import { useConfig } from '../hooks/use-config';

/** Says so on every invoice and payment screen when card payments go to the built-in test checkout. */
export function TestModeBanner() {
  const { data } = useConfig();
  const { t } = useCommonT();
  if (!data?.test_payments) return null;
  return (
    <Alert severity="warning" variant="outlined" sx={{ mb: 2 }} data-testid="test-mode-banner">
      <Trans t={t} i18nKey="testMode.banner" components={{ strong: <strong /> }} />
    </Alert>
  );
}
