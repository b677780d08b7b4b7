import { updateProfileInput, type Profile, type UpdateProfileInput } from '@agency/schema';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useForm } from 'react-hook-form';
import { notify } from '../../../lib/notify';
import { FormTextField } from '../../../components/form-text-field';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useUpdateProfile } from '../api/update-profile';
import { Trans } from 'react-i18next';
import { useCommonT } from '../../../i18n';
import { useAccountT } from '../i18n';

export function ProfileDetailsCard({ profile }: { profile: Profile }) {
  const { t } = useAccountT();
  const { t: common } = useCommonT();
  const update = useUpdateProfile();
  const { control, handleSubmit, formState } = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileInput),
    values: { name: profile.name },
  });

  function handleSave(values: UpdateProfileInput) {
    update.mutate(values, { onSuccess: () => notify.success(t('details.saved')) });
  }

  return (
    <SectionCard
      title={t('details.title')}
      subtitle={t('details.subtitle', { role: common(`roles.${profile.role}`), date: formatDate(profile.created_at) })}
      data-testid="profile-details"
    >
      <Box component="form" noValidate onSubmit={handleSubmit(handleSave)} aria-label={t('details.title')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          {update.isError && <Alert severity="error">{errorMessage(update.error)}</Alert>}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
            <FormTextField control={control} name="name" label={t('details.name')} autoComplete="name" sx={{ flex: 1 }} data-testid="profile-name" />
            <Button type="submit" variant="contained" loading={update.isPending} disabled={!formState.isDirty} sx={{ height: 56, flexShrink: 0 }}>
              {t('details.save')}
            </Button>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            <Trans t={t} i18nKey="details.signedInAs" values={{ email: profile.email }} components={{ strong: <strong /> }} />
          </Typography>
        </Stack>
      </Box>
    </SectionCard>
  );
}
