import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Fragment, useState } from 'react';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ListError, ListLoading } from '../../components/list-states';
import { PageHeading } from '../../components/page-heading';
import { SectionCard } from '../../components/section-card';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { useDeleteWebhook } from '../../features/webhooks/api/delete-webhook';
import { useWebhooks } from '../../features/webhooks/api/list-webhooks';
import { NewWebhookCard } from '../../features/webhooks/components/new-webhook-card';
import { WebhookDeliveries } from '../../features/webhooks/components/webhook-deliveries';
import { AllApiTokensCard } from '../../features/webhooks/components/all-api-tokens-card';
import { formatDateTime } from '../../lib/format';
import { errorMessage } from '../../lib/http';
import { useWebhooksT } from '../../features/webhooks/i18n';

/**
 * /webhooks, for admins and the super admin: endpoints that hear of events, their deliveries and replays; and every
 * person's API tokens, to revoke any.
 */
export function WebhooksRoute() {
  const { t } = useWebhooksT();
  const { user } = useAuth();
  const webhooks = useWebhooks();
  const remove = useDeleteWebhook();
  const [openId, setOpenId] = useState<string | null>(null);
  const [removingId, setRemovingId] = useState<string | null>(null);
  const removing = webhooks.data?.find((w) => w.id === removingId);

  return (
    <>
      <PageTitle title={t('page.title')} />
      <PageHeading title={t('page.title')}>{t('page.intro')}</PageHeading>
      <Stack spacing={3}>
        <NewWebhookCard isSuperadmin={user?.role === 'superadmin'} />
        <SectionCard title={t('endpoints.title')} data-testid="webhooks-card">
          {webhooks.isPending && <ListLoading label={t('endpoints.loading')} />}
          {webhooks.isError && <ListError message={errorMessage(webhooks.error)} onRetry={() => void webhooks.refetch()} />}
          {remove.isError && (
            <Alert severity="error" sx={{ m: 2 }}>
              {errorMessage(remove.error)}
            </Alert>
          )}
          {webhooks.data?.length === 0 && (
            <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
              {t('endpoints.none')}
            </Typography>
          )}
          <Stack
            component="ul"
            divider={<Divider component="li" aria-hidden="true" />}
            sx={{ listStyle: 'none', m: 0, p: 0 }}
            aria-label={t('endpoints.list')}
          >
            {(webhooks.data ?? []).map((webhook) => (
              <Fragment key={webhook.id}>
                <Box
                  component="li"
                  data-testid="webhook-row"
                  sx={{ px: { xs: 2, sm: 3 }, py: 1.75, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
                >
                  <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
                    <Typography component="div" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                      {webhook.url}{' '}
                      {webhook.active ? (
                        <Chip label={t('endpoints.active')} size="small" color="success" variant="outlined" sx={{ height: 22 }} />
                      ) : (
                        <Chip
                          label={t('endpoints.disabled')}
                          size="small"
                          color="error"
                          variant="outlined"
                          sx={{ height: 22 }}
                          data-testid="webhook-disabled"
                        />
                      )}
                    </Typography>
                    <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', my: 0.5 }}>
                      {webhook.events.map((event) => (
                        <Chip key={event} label={event} size="small" variant="outlined" />
                      ))}
                    </Box>
                    <Typography variant="body2" color="text.secondary">
                      {t('endpoints.added', { date: formatDateTime(webhook.created_at) })}
                      {webhook.disabled_at ? t('endpoints.disabledAfter', { date: formatDateTime(webhook.disabled_at) }) : ''}
                    </Typography>
                  </Box>
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      onClick={() => setOpenId(openId === webhook.id ? null : webhook.id)}
                      aria-expanded={openId === webhook.id}
                      aria-label={t('endpoints.deliveriesTo', { url: webhook.url })}
                    >
                      {openId === webhook.id ? t('endpoints.hideDeliveries') : t('endpoints.deliveries')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setRemovingId(webhook.id)}
                      aria-label={t('endpoints.removeOne', { url: webhook.url })}
                    >
                      {t('endpoints.remove')}
                    </Button>
                  </Stack>
                </Box>
                {openId === webhook.id && (
                  <Box component="li">
                    <WebhookDeliveries webhookId={webhook.id} />
                  </Box>
                )}
              </Fragment>
            ))}
          </Stack>
        </SectionCard>
        <AllApiTokensCard />
      </Stack>
      <ConfirmDialog
        open={removing !== undefined}
        title={t('endpoints.removeTitle')}
        confirmLabel={t('endpoints.removeConfirm')}
        isPending={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.id, { onSuccess: () => setRemovingId(null) })}
        onClose={() => setRemovingId(null)}
      >
        {t('endpoints.removeText', { url: removing?.url })}
      </ConfirmDialog>
    </>
  );
}
