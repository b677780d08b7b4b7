import { ROLE_DASHBOARD, ROLE_LABELS, type InvitationPreview } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { formatDateTime } from '../../../lib/format';
import { useSignupInvited } from '../api/signup-invited';
import { useAuth } from '../hooks/use-auth';
import { authErrorMessage } from '../utils/auth-error-message';
import { inviteSignupFormSchema } from '../utils/form-schemas';
import { NewPasswordFields } from './new-password-fields';

type FormInput = z.input<typeof inviteSignupFormSchema>;
type FormOutput = z.output<typeof inviteSignupFormSchema>;

type InviteSignupFormProps = { inviteToken: string; invitation: InvitationPreview };

export function InviteSignupForm({ inviteToken, invitation }: InviteSignupFormProps) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const signup = useSignupInvited();
  const { control, handleSubmit } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(inviteSignupFormSchema),
    defaultValues: { name: '', password: '', confirm_password: '' },
  });

  function handleValidSubmit({ name, password }: FormOutput) {
    signup.mutate(
      { role: invitation.role, input: { invite_token: inviteToken, name, password } },
      {
        onSuccess: (response) => {
          signIn(response);
          toast.success('Your account is ready.');
          navigate(ROLE_DASHBOARD[response.user.role], { replace: true });
        },
      },
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} aria-label="Accept invitation" data-testid="invite-signup-form">
      <Stack spacing={2.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip label={ROLE_LABELS[invitation.role]} color="primary" size="small" data-testid="invitation-role" />
          <Box component="span" sx={{ color: 'text.secondary', fontSize: '0.875rem' }}>
            Invitation valid until {formatDateTime(invitation.expires_at)}
          </Box>
        </Stack>
        {signup.isError && (
          <Alert severity="error" data-testid="form-error">
            {authErrorMessage(signup.error)}
          </Alert>
        )}
        <TextField
          label="E-mail"
          value={invitation.email}
          helperText="Your invitation was sent to this address."
          slotProps={{ input: { readOnly: true }, htmlInput: { 'data-testid': 'invited-email' } }}
        />
        <FormTextField control={control} name="name" label="Full name" autoComplete="name" autoFocus required />
        <NewPasswordFields control={control} />
        <Button type="submit" variant="contained" size="large" loading={signup.isPending} data-testid="signup-submit">
          Create account
        </Button>
      </Stack>
    </form>
  );
}
