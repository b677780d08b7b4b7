import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { paths } from '../../../lib/paths';
import { useConfirmEmail } from '../api/confirm-email';
import { useAccountT } from '../i18n';

/**
 * The page of the link sent to a new address. Confirmed by a click, not on load, so a mail scanner that opens
 * links cannot confirm for the person.
 */
export function ConfirmEmailPanel({ token }: { token: string }) {
  const { t } = useAccountT();
  const confirm = useConfirmEmail();
  if (confirm.isSuccess) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status" data-testid="email-confirmed">
          {t('confirmEmail.done', { email: confirm.data.email })}
        </Alert>
        {/* A plain link drawn as a button: the public pages colour every link, which a kit button on a link would not undo. */}
        <RouterLink to={paths.profile} className="pub-btn pub-btn--primary" data-testid="email-confirmed-profile">
          {t('confirmEmail.toProfile')}
        </RouterLink>
      </Stack>
    );
  }
  return (
    <Stack spacing={2.5}>
      <Typography color="text.secondary">{t('confirmEmail.ask')}</Typography>
      {confirm.isError && (
        <Alert severity="error" data-testid="form-error">
          {hasErrorCode(confirm.error, 'LINK_INVALID') ? t('confirmEmail.invalid') : errorMessage(confirm.error)}
        </Alert>
      )}
      <Button variant="contained" size="large" loading={confirm.isPending} onClick={() => confirm.mutate({ token })} data-testid="confirm-email">
        {t('confirmEmail.confirm')}
      </Button>
    </Stack>
  );
}
