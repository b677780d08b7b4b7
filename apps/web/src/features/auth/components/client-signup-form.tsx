import { ROLE_DASHBOARD } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { FormTextField } from '../../../components/form-text-field';
import { useSignupClient } from '../api/signup-client';
import { useAuth } from '../hooks/use-auth';
import { authErrorMessage } from '../utils/auth-error-message';
import { clientSignupFormSchema } from '../utils/form-schemas';
import { NewPasswordFields, twoColumns } from './new-password-fields';

type FormInput = z.input<typeof clientSignupFormSchema>;
type FormOutput = z.output<typeof clientSignupFormSchema>;

export function ClientSignupForm() {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const signup = useSignupClient();
  const { control, handleSubmit } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(clientSignupFormSchema),
    defaultValues: { name: '', email: '', password: '', confirm_password: '', company: '', phone: '' },
  });

  function handleValidSubmit({ confirm_password: _confirm, ...input }: FormOutput) {
    signup.mutate(input, {
      onSuccess: (response) => {
        signIn(response);
        toast.success('Your account is ready.');
        navigate(ROLE_DASHBOARD[response.user.role], { replace: true });
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} aria-label="Client sign up" data-testid="client-signup-form">
      <Stack spacing={2.5}>
        {signup.isError && (
          <Alert severity="error" data-testid="form-error">
            {authErrorMessage(signup.error)}
          </Alert>
        )}
        <FormTextField control={control} name="name" label="Full name" autoComplete="name" autoFocus required />
        <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="email" required />
        <NewPasswordFields control={control} />
        <Box sx={twoColumns}>
          <FormTextField control={control} name="company" label="Company (optional)" autoComplete="organization" />
          <FormTextField control={control} name="phone" label="Phone (optional)" type="tel" autoComplete="tel" />
        </Box>
        <Button type="submit" variant="contained" size="large" loading={signup.isPending} data-testid="signup-submit">
          Create account
        </Button>
      </Stack>
    </form>
  );
}
