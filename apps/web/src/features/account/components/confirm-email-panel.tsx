import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { paths } from '../../../lib/paths';
import { useConfirmEmail } from '../api/confirm-email';

/**
 * The page of the link sent to a new address. Confirmed by a click, not on load, so a mail scanner that opens
 * links cannot confirm for the person.
 */
export function ConfirmEmailPanel({ token }: { token: string }) {
  const confirm = useConfirmEmail();
  if (confirm.isSuccess) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status" data-testid="email-confirmed">
          Your account now uses {confirm.data.email}. Use it the next time you log in.
        </Alert>
        {/* A plain link drawn as a button: the public pages colour every link, which a kit button on a link would not undo. */}
        <RouterLink to={paths.profile} className="pub-btn pub-btn--primary" data-testid="email-confirmed-profile">
          Go to your profile
        </RouterLink>
      </Stack>
    );
  }
  return (
    <Stack spacing={2.5}>
      <Typography color="text.secondary">Confirm that this is the new e-mail address of your account.</Typography>
      {confirm.isError && (
        <Alert severity="error" data-testid="form-error">
          {hasErrorCode(confirm.error, 'LINK_INVALID')
            ? 'This link is invalid, used or expired. Ask for a new one from your profile page.'
            : errorMessage(confirm.error)}
        </Alert>
      )}
      <Button variant="contained" size="large" loading={confirm.isPending} onClick={() => confirm.mutate({ token })} data-testid="confirm-email">
        Confirm my new address
      </Button>
    </Stack>
  );
}
