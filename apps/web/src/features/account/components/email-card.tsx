import { changeEmailInput, type ChangeEmailInput, type Profile } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { FormPasswordField } from '../../../components/form-password-field';
import { FormTextField } from '../../../components/form-text-field';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useChangeEmail } from '../api/change-email';
import { Trans } from 'react-i18next';
import { useAccountT } from '../i18n';

/** A new address counts once the link sent to it is opened; the current address is told. */
export function EmailCard({ profile }: { profile: Profile }) {
  const { t } = useAccountT();
  const change = useChangeEmail();
  const { control, handleSubmit, reset } = useForm<ChangeEmailInput>({
    resolver: zodResolver(changeEmailInput),
    defaultValues: { email: '', password: '' },
  });

  function handleSend(values: ChangeEmailInput) {
    change.mutate(values, { onSuccess: () => reset() });
  }

  return (
    <SectionCard title={t('email.title')} subtitle={t('email.subtitle', { email: profile.email })} data-testid="email-card">
      <Box component="form" noValidate onSubmit={handleSubmit(handleSend)} aria-label={t('email.form')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          {profile.pending_email && (
            <Alert severity="info" data-testid="pending-email">
              <Trans
                t={t}
                i18nKey="email.pending"
                values={{ pending: profile.pending_email, email: profile.email }}
                components={{ strong: <strong /> }}
              />
            </Alert>
          )}
          {change.isError && <Alert severity="error">{errorMessage(change.error)}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
            <FormTextField control={control} name="email" label={t('email.newEmail')} type="email" autoComplete="email" />
            <FormPasswordField control={control} name="password" label={t('email.currentPassword')} autoComplete="current-password" />
          </Box>
          <Box>
            <Button type="submit" variant="outlined" loading={change.isPending} data-testid="email-submit">
              {t('email.send')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
