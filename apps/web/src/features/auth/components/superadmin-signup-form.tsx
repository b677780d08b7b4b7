import { ROLE_DASHBOARD } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import type { z } from 'zod';
import { FormPasswordField } from '../../../components/form-password-field';
import { FormTextField } from '../../../components/form-text-field';
import { useSignupSuperadmin } from '../api/signup-superadmin';
import { useAuth } from '../hooks/use-auth';
import { authErrorMessage } from '../utils/auth-error-message';
import { superadminSignupFormSchema } from '../utils/form-schemas';
import { NewPasswordFields } from './new-password-fields';

type Schema = ReturnType<typeof superadminSignupFormSchema>;
type FormInput = z.input<Schema>;
type FormOutput = z.output<Schema>;

type SuperadminSignupFormProps = { requiresSetupKey: boolean };

export function SuperadminSignupForm({ requiresSetupKey }: SuperadminSignupFormProps) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const signup = useSignupSuperadmin();
  const schema = useMemo(() => superadminSignupFormSchema(requiresSetupKey), [requiresSetupKey]);
  const { control, handleSubmit } = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { name: '', email: '', password: '', confirm_password: '', setup_key: '' },
  });

  function handleValidSubmit({ confirm_password: _confirm, setup_key, ...input }: FormOutput) {
    const key = setup_key?.trim();
    signup.mutate(requiresSetupKey && key ? { ...input, setup_key: key } : input, {
      onSuccess: (response) => {
        signIn(response);
        toast.success('Super admin account created.');
        navigate(ROLE_DASHBOARD[response.user.role], { replace: true });
      },
    });
  }

  return (
    <form noValidate onSubmit={handleSubmit(handleValidSubmit)} aria-label="Super admin sign up" data-testid="superadmin-signup-form">
      <Stack spacing={2.5}>
        {signup.isError && (
          <Alert severity="error" data-testid="form-error">
            {authErrorMessage(signup.error)}
          </Alert>
        )}
        <FormTextField control={control} name="name" label="Full name" autoComplete="name" autoFocus required />
        <FormTextField control={control} name="email" label="E-mail" type="email" autoComplete="email" required />
        <NewPasswordFields control={control} />
        {requiresSetupKey && (
          <FormPasswordField
            control={control}
            name="setup_key"
            label="Setup key"
            autoComplete="off"
            required
            helperText="The SUPERADMIN_SETUP_KEY from the server configuration"
          />
        )}
        <Button type="submit" variant="contained" size="large" loading={signup.isPending} data-testid="signup-submit">
          Create super admin account
        </Button>
      </Stack>
    </form>
  );
}
