import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useAllApiTokens } from '../api/list-all-api-tokens';
import { useRevokeAnyApiToken } from '../api/revoke-any-api-token';
import { useWebhooksT } from '../i18n';

/** Every person's API tokens that still work, with whose they are; staff revoke any of them. */
export function AllApiTokensCard() {
  const { t } = useWebhooksT();
  const tokens = useAllApiTokens();
  const revoke = useRevokeAnyApiToken();

  return (
    <SectionCard title={t('tokens.title')} subtitle={t('tokens.subtitle')} data-testid="all-api-tokens-card">
      {tokens.isPending && <ListLoading label={t('tokens.loading')} />}
      {tokens.isError && <ListError message={errorMessage(tokens.error)} onRetry={() => void tokens.refetch()} />}
      {revoke.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(revoke.error)}
        </Alert>
      )}
      {tokens.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
          {t('tokens.none')}
        </Typography>
      )}
      <Stack
        component="ul"
        divider={<Divider component="li" aria-hidden="true" />}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
        aria-label={t('tokens.title')}
      >
        {(tokens.data ?? []).map((token) => (
          <Box
            component="li"
            key={token.id}
            data-testid="staff-api-token-row"
            sx={{ px: { xs: 2, sm: 3 }, py: 1.75, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {token.name} · {token.owner.name} ({token.owner.email})
              </Typography>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', my: 0.5 }}>
                {token.scopes.map((scope) => (
                  <Chip key={scope} label={scope} size="small" variant="outlined" />
                ))}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {token.last_used_at ? t('tokens.lastUsed', { date: formatDateTime(token.last_used_at) }) : t('tokens.neverUsed')} ·{' '}
                {t('tokens.created', { date: formatDateTime(token.created_at) })}
                {token.expires_at ? ` · ${t('tokens.expires', { date: formatDateTime(token.expires_at) })}` : ''}
              </Typography>
            </Box>
            <Button
              size="small"
              color="error"
              onClick={() => revoke.mutate(token.id)}
              loading={revoke.isPending && revoke.variables === token.id}
              aria-label={t('tokens.revokeOne', { name: token.name, owner: token.owner.name })}
            >
              {t('tokens.revoke')}
            </Button>
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}
