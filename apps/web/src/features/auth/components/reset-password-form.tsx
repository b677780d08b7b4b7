import { passwordResetConfirmInput } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { z } from 'zod';
import { hasErrorCode } from '../../../lib/http';
import { paths } from '../../../lib/paths';
import { useCheckPasswordReset } from '../api/check-password-reset';
import { useConfirmPasswordReset } from '../api/confirm-password-reset';
import { i18n } from '../../../i18n';
import { useAuthT } from '../i18n';
import { authErrorMessage } from '../utils/auth-error-message';
import { NewPasswordFields } from './new-password-fields';

const resetFormSchema = passwordResetConfirmInput
  .omit({ token: true })
  .extend({ confirm_password: z.string().min(1, { error: () => i18n.t('auth:reset.confirmRequired') }) })
  .refine((values) => values.password === values.confirm_password, { error: () => i18n.t('auth:reset.mismatch'), path: ['confirm_password'] });
type ResetFormValues = z.input<typeof resetFormSchema>;

/** The page of a reset link: a new password, once; afterwards every session has ended and the person logs in. */
export function ResetPasswordForm({ token }: { token: string }) {
  const { t } = useAuthT();
  const check = useCheckPasswordReset(token);
  const confirm = useConfirmPasswordReset();
  const { control, handleSubmit } = useForm<ResetFormValues>({
    resolver: zodResolver(resetFormSchema),
    defaultValues: { password: '', confirm_password: '' },
  });

  if (confirm.isSuccess) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status" data-testid="reset-done">
          {t('reset.done')}
        </Alert>
        {/* Plain links drawn as buttons: the public pages colour every link, which a kit button on a link would not undo. */}
        <RouterLink to={paths.login} className="pub-btn pub-btn--primary pub-btn--large" style={{ width: '100%' }} data-testid="reset-login">
          {t('reset.login')}
        </RouterLink>
      </Stack>
    );
  }

  // A used or expired link, found when the page opens or when the form is sent: the form is of no use.
  if (hasErrorCode(check.error, 'LINK_INVALID') || hasErrorCode(confirm.error, 'LINK_INVALID')) {
    return (
      <Stack spacing={2.5} data-testid="reset-link-dead">
        <Alert severity="warning">{t('reset.dead')}</Alert>
        <RouterLink
          to={paths.forgotPassword}
          className="pub-btn pub-btn--primary pub-btn--large"
          style={{ width: '100%' }}
          data-testid="reset-ask-again"
        >
          {t('reset.askAgain')}
        </RouterLink>
      </Stack>
    );
  }

  return (
    <form
      noValidate
      onSubmit={handleSubmit((values) => confirm.mutate({ token, password: values.password }))}
      aria-label={t('reset.formLabel')}
      data-testid="reset-password-form"
    >
      <Stack spacing={2.5}>
        {confirm.isError && (
          <Alert severity="error" data-testid="form-error">
            {authErrorMessage(confirm.error)}
          </Alert>
        )}
        <NewPasswordFields control={control} />
        <Button type="submit" variant="contained" size="large" loading={confirm.isPending} data-testid="reset-submit">
          {t('reset.submit')}
        </Button>
      </Stack>
    </form>
  );
}
