import { changePasswordInput } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { FormPasswordField } from '../../../components/form-password-field';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useChangePassword } from '../api/change-password';
import type { TFunction } from 'i18next';
import { useAccountT } from '../i18n';

function passwordFormSchema(t: TFunction<'account'>) {
  return changePasswordInput
    .extend({ confirm_password: z.string().min(1, t('password.confirmMissing')) })
    .refine((values) => values.password === values.confirm_password, { message: t('password.mismatch'), path: ['confirm_password'] });
}
type PasswordFormValues = z.input<ReturnType<typeof passwordFormSchema>>;

export function PasswordCard() {
  const { t } = useAccountT();
  const change = useChangePassword();
  const { control, handleSubmit, reset } = useForm<PasswordFormValues>({
    resolver: zodResolver(passwordFormSchema(t)),
    defaultValues: { current_password: '', password: '', confirm_password: '' },
  });

  function handleChange({ current_password, password }: PasswordFormValues) {
    change.mutate({ current_password, password }, { onSuccess: () => reset() });
  }

  return (
    <SectionCard title={t('password.title')} subtitle={t('password.subtitle')} data-testid="password-card">
      <Box component="form" noValidate onSubmit={handleSubmit(handleChange)} aria-label={t('password.form')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          {change.isSuccess && (
            <Alert severity="success" role="status" data-testid="password-changed">
              {t('password.changed')}
            </Alert>
          )}
          {change.isError && <Alert severity="error">{errorMessage(change.error)}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr 1fr' } }}>
            <FormPasswordField control={control} name="current_password" label={t('password.current')} autoComplete="current-password" />
            <FormPasswordField
              control={control}
              name="password"
              label={t('password.new')}
              autoComplete="new-password"
              helperText={t('password.newHelp')}
            />
            <FormPasswordField control={control} name="confirm_password" label={t('password.confirm')} autoComplete="new-password" />
          </Box>
          <Box>
            <Button type="submit" variant="outlined" loading={change.isPending} data-testid="password-submit">
              {t('password.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
