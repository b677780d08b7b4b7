import DevicesOutlinedIcon from '@mui/icons-material/DevicesOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useSessions } from '../api/list-sessions';
import { useRevokeOtherSessions } from '../api/revoke-other-sessions';
import { useRevokeSession } from '../api/revoke-session';
import { useAccountT } from '../i18n';

export function SessionsCard() {
  const { t } = useAccountT();
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const revokeOne = useRevokeSession();
  const [isConfirming, setIsConfirming] = useState(false);
  const others = (sessions.data ?? []).filter((s) => !s.current).length;

  function handleRevokeOthers() {
    revokeOthers.mutate(undefined, {
      onSuccess: ({ revoked }) => {
        setIsConfirming(false);
        notify.success(t('sessions.signedOut', { count: revoked }));
      },
    });
  }

  return (
    <SectionCard
      title={t('sessions.title')}
      subtitle={t('sessions.subtitle')}
      data-testid="sessions-card"
      action={
        <Button
          variant="outlined"
          color="error"
          disabled={others === 0}
          onClick={() => setIsConfirming(true)}
          data-testid="revoke-others"
          sx={{ flexShrink: 0 }}
        >
          {t('sessions.signOutOthers')}
        </Button>
      }
    >
      {sessions.isPending && <ListLoading label={t('sessions.loading')} />}
      {sessions.isError && <ListError message={errorMessage(sessions.error)} onRetry={() => void sessions.refetch()} />}
      {revokeOne.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(revokeOne.error)}
        </Alert>
      )}
      <Stack
        component="ul"
        divider={<Divider component="li" aria-hidden="true" />}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
        aria-label={t('sessions.list')}
      >
        {(sessions.data ?? []).map((session) => (
          <Box
            component="li"
            key={session.id}
            data-testid="session-row"
            sx={{ px: { xs: 2, sm: 3 }, py: 1.75, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <DevicesOutlinedIcon color="action" aria-hidden="true" />
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }} data-testid="session-device">
                {session.device}
                {session.current && <Chip label={t('sessions.thisDevice')} size="small" color="primary" sx={{ ml: 1, height: 22 }} />}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('sessions.details', {
                  address: session.ip ?? t('sessions.unknownAddress'),
                  lastUsed: formatDateTime(session.last_used_at),
                  signedIn: formatDateTime(session.created_at),
                })}
              </Typography>
            </Box>
            {!session.current && (
              <Button
                size="small"
                onClick={() => revokeOne.mutate(session.id)}
                loading={revokeOne.isPending && revokeOne.variables === session.id}
                aria-label={t('sessions.signOutOne', { device: session.device, address: session.ip ?? t('sessions.unknownAddressLower') })}
              >
                {t('sessions.signOut')}
              </Button>
            )}
          </Box>
        ))}
      </Stack>
      <ConfirmDialog
        open={isConfirming}
        title={t('sessions.confirmTitle')}
        confirmLabel={t('sessions.signOutOthers')}
        isPending={revokeOthers.isPending}
        onConfirm={handleRevokeOthers}
        onClose={() => setIsConfirming(false)}
      >
        {t('sessions.confirmText')}
      </ConfirmDialog>
    </SectionCard>
  );
}
