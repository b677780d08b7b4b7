import { PROPOSAL_STATUSES, type ProposalStatus, type ProposalSummary } from '@agency/schema';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Trans } from 'react-i18next';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { formatDate, formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useProposals } from '../api/list-proposals';
import { useProposalSummary } from '../api/proposal-summary';
import { useProposalsT } from '../i18n';
import { ProposalStatusChip } from './proposal-status-chip';

/** The conversion as a whole percentage: accepted over everything that reached a client. */
export function conversionPercent({ accepted, sent }: ProposalSummary['conversion']): number {
  return sent ? Math.round((accepted / sent) * 100) : 0;
}

/** The accepted value, one sum per currency ("£1,000.00 + €200.00"); a dash when nothing is accepted. */
export function acceptedValueText(values: ProposalSummary['accepted_value']): string {
  return values.length ? values.map((v) => formatMoney(v.total, v.currency)).join(' + ') : '—';
}

/** Every proposal with its status chip and value, filtered by status, and the conversion (accepted / sent). */
export function ProposalsTable({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string) => void }) {
  const { t } = useProposalsT();
  const [status, setStatus] = useState<ProposalStatus | undefined>(undefined);
  const summary = useProposalSummary();
  const list = useProposals(status ? { status } : {});
  const items = list.data?.items ?? [];
  const rate = summary.data?.conversion ?? { accepted: 0, sent: 0 };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="proposals-table">
      <Stack direction="row" spacing={3} useFlexGap sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }} data-testid="proposal-conversion">
        <Typography>
          <Trans
            t={t}
            i18nKey="list.conversion"
            values={{ percent: conversionPercent(rate), accepted: rate.accepted, sent: rate.sent }}
            components={{ strong: <strong /> }}
          />
        </Typography>
        <Typography>
          <Trans
            t={t}
            i18nKey="list.acceptedValue"
            values={{ value: acceptedValueText(summary.data?.accepted_value ?? []) }}
            components={{ strong: <strong /> }}
          />
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} useFlexGap sx={{ mb: 2, flexWrap: 'wrap' }}>
        <Chip label={t('list.all')} onClick={() => setStatus(undefined)} color={status ? 'default' : 'primary'} />
        {PROPOSAL_STATUSES.map((s) => (
          <Chip key={s} label={t(`status.${s}`)} onClick={() => setStatus(s)} color={status === s ? 'primary' : 'default'} />
        ))}
      </Stack>
      {list.isPending ? (
        <ListLoading label={t('list.loading')} />
      ) : list.isError ? (
        <ListError message={errorMessage(list.error)} onRetry={() => list.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty title={t('list.emptyTitle')}>{t('list.emptyText')}</ListEmpty>
      ) : (
        <List disablePadding aria-label={t('list.label')}>
          {items.map((p) => (
            <ListItem key={p.id} disablePadding divider>
              <ListItemButton selected={p.id === selectedId} onClick={() => onSelect(p.id)} data-testid="proposal-row" data-proposal-id={p.id}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {p.title}{' '}
                    <Typography component="span" variant="caption">
                      {t('list.version', { version: p.version })}
                    </Typography>
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {t('list.rowLine', { company: p.company.name, project: p.project_title, date: formatDate(p.valid_until) })}
                  </Typography>
                </Box>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-end', ml: 1 }}>
                  <ProposalStatusChip status={p.status} />
                  <Typography sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{formatMoney(p.total, p.currency)}</Typography>
                </Stack>
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
