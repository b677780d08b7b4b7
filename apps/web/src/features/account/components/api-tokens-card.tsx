import type { ApiScope } from '@agency/schema';
import KeyOutlinedIcon from '@mui/icons-material/KeyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { CopyLinkField } from '../../../components/copy-link-field';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useCreateApiToken } from '../api/create-api-token';
import { useApiTokens } from '../api/list-api-tokens';
import { useRevokeApiToken } from '../api/revoke-api-token';
import { useAccountT } from '../i18n';

/** The end of the chosen day in UTC, or no expiry. */
function expiryOf(day: string): string | undefined {
  return day ? `${day}T23:59:59Z` : undefined;
}

/**
 * Personal API tokens: create one with scopes (the secret shows once), see when each was last used, revoke. `action`
 * sits in the card's header (staff: a link to the webhooks screen).
 */
export function ApiTokensCard({ action }: { action?: ReactNode } = {}) {
  const { t } = useAccountT();
  const tokens = useApiTokens();
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [expiresOn, setExpiresOn] = useState('');
  const [secret, setSecret] = useState<string | null>(null);

  function handleToggle(scope: ApiScope, checked: boolean) {
    setScopes((current) => (checked ? [...current, scope] : current.filter((s) => s !== scope)));
  }

  function handleCreate(event: FormEvent) {
    event.preventDefault();
    create.mutate(
      { name: name.trim(), scopes, expires_at: expiryOf(expiresOn) },
      {
        onSuccess: ({ token }) => {
          setSecret(token);
          setName('');
          setScopes([]);
          setExpiresOn('');
        },
      },
    );
  }

  return (
    <SectionCard title={t('tokens.title')} subtitle={t('tokens.subtitle')} action={action} data-testid="api-tokens-card">
      <Box component="form" noValidate onSubmit={handleCreate} aria-label={t('tokens.form')} sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          {secret && (
            <Alert severity="success" role="status" onClose={() => setSecret(null)}>
              <Stack spacing={1}>
                <span>{t('tokens.copyNow')}</span>
                <CopyLinkField label={t('tokens.newToken')} value={secret} testId="new-api-token" />
              </Stack>
            </Alert>
          )}
          {create.isError && <Alert severity="error">{errorMessage(create.error)}</Alert>}
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
            <TextField
              label={t('tokens.name')}
              value={name}
              onChange={(e) => setName(e.target.value)}
              required
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TextField
              label={t('tokens.expires')}
              type="date"
              value={expiresOn}
              onChange={(e) => setExpiresOn(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
          </Box>
          <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
            <FormLabel component="legend">{t('tokens.scopes')}</FormLabel>
            <FormGroup sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(210px, 1fr))' }}>
              {(tokens.data?.available_scopes ?? []).map((scope) => (
                <FormControlLabel
                  key={scope}
                  label={scope}
                  control={<Checkbox checked={scopes.includes(scope)} onChange={(e) => handleToggle(scope, e.target.checked)} />}
                />
              ))}
            </FormGroup>
          </Box>
          <Box>
            <Button
              type="submit"
              variant="outlined"
              loading={create.isPending}
              disabled={!name.trim() || scopes.length === 0}
              data-testid="create-api-token"
            >
              {t('tokens.create')}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Divider />
      {tokens.isPending && <ListLoading label={t('tokens.loading')} />}
      {tokens.isError && <ListError message={errorMessage(tokens.error)} onRetry={() => void tokens.refetch()} />}
      {revoke.isError && (
        <Alert severity="error" sx={{ m: 2 }}>
          {errorMessage(revoke.error)}
        </Alert>
      )}
      {tokens.data?.items.length === 0 && (
        <Typography color="text.secondary" sx={{ px: { xs: 2, sm: 3 }, py: 2 }}>
          {t('tokens.none')}
        </Typography>
      )}
      <Stack
        component="ul"
        divider={<Divider component="li" aria-hidden="true" />}
        sx={{ listStyle: 'none', m: 0, p: 0 }}
        aria-label={t('tokens.list')}
      >
        {(tokens.data?.items ?? []).map((token) => (
          <Box
            component="li"
            key={token.id}
            data-testid="api-token-row"
            sx={{ px: { xs: 2, sm: 3 }, py: 1.75, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}
          >
            <KeyOutlinedIcon color="action" aria-hidden="true" />
            <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{token.name}</Typography>
              <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', my: 0.5 }}>
                {token.scopes.map((scope) => (
                  <Chip key={scope} label={scope} size="small" variant="outlined" />
                ))}
              </Box>
              <Typography variant="body2" color="text.secondary">
                {token.last_used_at ? t('tokens.lastUsed', { date: formatDateTime(token.last_used_at) }) : t('tokens.neverUsed')} ·{' '}
                {t('tokens.created', { date: formatDateTime(token.created_at) })}
                {token.expires_at ? ` · ${t('tokens.expiresOn', { date: formatDateTime(token.expires_at) })}` : ''}
              </Typography>
            </Box>
            <Button
              size="small"
              color="error"
              onClick={() => revoke.mutate(token.id)}
              loading={revoke.isPending && revoke.variables === token.id}
              aria-label={t('tokens.revokeOne', { name: token.name })}
            >
              {t('tokens.revoke')}
            </Button>
          </Box>
        ))}
      </Stack>
    </SectionCard>
  );
}
