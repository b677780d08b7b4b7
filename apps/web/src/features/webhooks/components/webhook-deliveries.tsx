import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebhookDelivery } from '@agency/schema';
import { ListError, ListLoading } from '../../../components/list-states';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useDeliveries } from '../api/list-deliveries';
import { useReplayDelivery } from '../api/replay-delivery';
import type { TFunction } from 'i18next';
import { useWebhooksT } from '../i18n';

const STATUS_COLOUR = { pending: 'warning', succeeded: 'success', failed: 'error' } as const;

function lastAttempt(delivery: WebhookDelivery, t: TFunction<'webhooks'>): string {
  const last = delivery.attempts.at(-1);
  if (!last) return t('delivery.notTried');
  const outcome = last.error ?? t('delivery.answered', { status: last.status_code });
  return t('delivery.attempts', { count: delivery.attempts.length, date: formatDateTime(last.at), outcome, ms: last.duration_ms });
}

/** An endpoint's latest deliveries, each with its last attempt, and a replay for any of them. */
export function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const { t } = useWebhooksT();
  const deliveries = useDeliveries(webhookId);
  const replay = useReplayDelivery();

  return (
    <Box sx={{ bgcolor: 'action.hover' }} data-testid="webhook-deliveries">
      {deliveries.isPending && <ListLoading label={t('delivery.loading')} />}
      {deliveries.isError && <ListError message={errorMessage(deliveries.error)} onRetry={() => void deliveries.refetch()} />}
      {replay.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(replay.error)}
        </Alert>
      )}
      {deliveries.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
          {t('delivery.none')}
        </Typography>
      )}
      <Stack
        component="ul"
        divider={<Divider component="li" aria-hidden="true" />}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
        aria-label={t('delivery.list')}
      >
        {(deliveries.data ?? []).map((delivery) => (
          <Box
            component="li"
            key={delivery.id}
            data-testid="delivery-row"
            sx={{ px: { xs: 2, sm: 3 }, py: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
              <Typography component="div" sx={{ fontWeight: 600 }}>
                {delivery.event}{' '}
                <Chip
                  label={t(`delivery.status.${delivery.status}`)}
                  size="small"
                  color={STATUS_COLOUR[delivery.status]}
                  variant="outlined"
                  sx={{ ml: 0.5, height: 22 }}
                />
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {lastAttempt(delivery, t)}
                {delivery.next_attempt_at ? t('delivery.nextTry', { date: formatDateTime(delivery.next_attempt_at) }) : ''}
              </Typography>
            </Box>
            <Button
              size="small"
              onClick={() => replay.mutate({ webhookId, deliveryId: delivery.id }, { onSuccess: () => void deliveries.refetch() })}
              loading={replay.isPending && replay.variables?.deliveryId === delivery.id}
              aria-label={t('delivery.sendAgainOne', { event: delivery.event, date: formatDateTime(delivery.created_at) })}
            >
              {t('delivery.sendAgain')}
            </Button>
          </Box>
        ))}
      </Stack>
    </Box>
  );
}
