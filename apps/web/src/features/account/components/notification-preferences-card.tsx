import type { NotificationCategory, NotificationChannel } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { notify } from '../../../lib/notify';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useNotificationPreferences } from '../api/get-notification-preferences';
import { useUpdateNotificationPreferences } from '../api/update-notification-preferences';
import { useAccountT } from '../i18n';

const CHANNELS: NotificationChannel[] = ['in_app', 'in_app_and_email'];

function useChannelLabel() {
  const { t } = useAccountT();
  return (channel: NotificationChannel) => (channel === 'in_app' ? t('preferences.inApp') : t('preferences.inAppAndEmail'));
}

function PreferenceRow({
  category,
  label,
  channel,
  onChange,
}: {
  category: NotificationCategory;
  label: string;
  channel: NotificationChannel;
  onChange: (c: NotificationChannel) => void;
}) {
  const labelId = useId();
  const channelLabel = useChannelLabel();
  return (
    <Box
      component="li"
      data-testid={`preference-${category}`}
      sx={{
        px: { xs: 2, sm: 3 },
        py: 1.5,
        display: 'flex',
        gap: { xs: 0.5, sm: 2 },
        alignItems: { sm: 'center' },
        flexDirection: { xs: 'column', sm: 'row' },
      }}
    >
      <Typography id={labelId} sx={{ flex: 1, fontWeight: 600 }}>
        {label}
      </Typography>
      <RadioGroup
        row
        aria-labelledby={labelId}
        value={channel}
        onChange={(event) => onChange(event.target.value as NotificationChannel)}
        name={`channel-${category}`}
      >
        {CHANNELS.map((value) => (
          <FormControlLabel key={value} value={value} control={<Radio size="small" />} label={channelLabel(value)} />
        ))}
      </RadioGroup>
    </Box>
  );
}

/** Per kind of event: always in the app, by e-mail too unless chosen otherwise. Security e-mails always go out. */
export function NotificationPreferencesCard() {
  const { t } = useAccountT();
  const channelLabel = useChannelLabel();
  const preferences = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();

  function handleChange(category: NotificationCategory, label: string, channel: NotificationChannel) {
    update.mutate(
      { preferences: { [category]: channel } },
      { onSuccess: () => notify.success(t('preferences.saved', { label, channel: channelLabel(channel).toLowerCase() })) },
    );
  }

  return (
    <SectionCard title={t('preferences.title')} subtitle={t('preferences.subtitle')} data-testid="preferences-card">
      {preferences.isPending && <ListLoading label={t('preferences.loading')} />}
      {preferences.isError && <ListError message={errorMessage(preferences.error)} onRetry={() => void preferences.refetch()} />}
      {update.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(update.error)}
        </Alert>
      )}
      <Stack component="ul" divider={<Divider component="li" aria-hidden="true" />} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {(preferences.data ?? []).map((p) => (
          <PreferenceRow
            key={p.category}
            category={p.category}
            label={t(`preferences.categories.${p.category}`, { defaultValue: p.label })}
            channel={p.channel}
            onChange={(channel) => handleChange(p.category, t(`preferences.categories.${p.category}`, { defaultValue: p.label }), channel)}
          />
        ))}
      </Stack>
    </SectionCard>
  );
}
