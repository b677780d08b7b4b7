import { passwordResetRequestInput, type PasswordResetRequestInput } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormTextField } from '../../../components/form-text-field';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { useAuthT } from '../i18n';
import { authErrorMessage } from '../utils/auth-error-message';

/** Asks for a reset link; the answer is the same whether or not the address has an account. */
export function ForgotPasswordForm() {
  const { t } = useAuthT();
  const reset = useRequestPasswordReset();
  const { control, handleSubmit } = useForm<PasswordResetRequestInput>({
    resolver: zodResolver(passwordResetRequestInput),
    defaultValues: { email: '' },
  });

  if (reset.isSuccess) {
    return (
      <Alert severity="success" data-testid="reset-requested" role="status">
        {reset.data.message}
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={handleSubmit((values) => reset.mutate(values))} aria-label={t('forgot.formLabel')} data-testid="forgot-password-form">
      <Stack spacing={2.5}>
        {reset.isError && (
          <Alert severity="error" data-testid="form-error">
            {authErrorMessage(reset.error)}
          </Alert>
        )}
        <FormTextField control={control} name="email" label={t('fields.email')} type="email" autoComplete="email" autoFocus />
        <Button type="submit" variant="contained" size="large" loading={reset.isPending} data-testid="forgot-password-submit">
          {t('forgot.submit')}
        </Button>
      </Stack>
    </form>
  );
}
