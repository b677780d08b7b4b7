import { SUPERADMIN_ONLY_WEBHOOK_EVENTS, WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@agency/schema';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { CopyLinkField } from '../../../components/copy-link-field';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useCreateWebhook } from '../api/create-webhook';
import { useWebhooksT } from '../i18n';

/** Subscribing an endpoint: its https address and the events it wants; the signing secret shows once. */
export function NewWebhookCard({ isSuperadmin }: { isSuperadmin: boolean }) {
  const { t } = useWebhooksT();
  const create = useCreateWebhook();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>([]);
  const [secret, setSecret] = useState<string | null>(null);
  const offered = WEBHOOK_EVENT_TYPES.filter((e) => isSuperadmin || !SUPERADMIN_ONLY_WEBHOOK_EVENTS.includes(e));

  function handleToggle(event: WebhookEventType, checked: boolean) {
    setEvents((current) => (checked ? [...current, event] : current.filter((e) => e !== event)));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { url: url.trim(), events },
      {
        onSuccess: (answer) => {
          setSecret(answer.secret);
          setUrl('');
          setEvents([]);
        },
      },
    );
  }

  return (
    <SectionCard title={t('new.title')} subtitle={t('new.subtitle')} data-testid="new-webhook-card">
      <Box component="form" noValidate onSubmit={handleSubmit} aria-label={t('new.form')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          {secret && (
            <Alert severity="success" role="status" onClose={() => setSecret(null)}>
              <Stack spacing={1}>
                <span>{t('new.copySecret')}</span>
                <CopyLinkField label={t('new.secret')} value={secret} testId="webhook-secret" />
              </Stack>
            </Alert>
          )}
          {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
          <TextField
            label={t('new.url')}
            placeholder="https://hooks.example.com/agency"
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            required
            type="url"
            slotProps={{ htmlInput: { maxLength: 2000 } }}
          />
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
            <FormLabel component="legend">{t('new.events')}</FormLabel>
            <FormGroup sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(250px, 1fr))' }}>
              {offered.map((event) => (
                <FormControlLabel
                  key={event}
                  label={event}
                  control={<Checkbox checked={events.includes(event)} onChange={(e) => handleToggle(event, e.target.checked)} />}
                />
              ))}
            </FormGroup>
          </Box>
          <Box>
            <Button
              type="submit"
              variant="contained"
              loading={create.isPending}
              disabled={!url.trim() || events.length === 0}
              data-testid="add-webhook"
            >
              {t('new.add')}
            </Button>
          </Box>
        </Stack>
      </Box>
    </SectionCard>
  );
}
