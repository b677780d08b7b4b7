import { PROPOSAL_STATUSES, PROPOSAL_STATUS_LABELS, type ProposalListItem, type ProposalStatus } from '@agency/schema';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { formatDate, formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useProposals } from '../api/list-proposals';
import { ProposalStatusChip } from './proposal-status-chip';

/** Accepted over everything that reached the client (sent, then answered or expired): drafts and void do not count. */
export function conversionOf(items: readonly Pick<ProposalListItem, 'status'>[]): { accepted: number; sent: number } {
  const reached = items.filter((i) => i.status !== 'draft' && i.status !== 'void');
  return { accepted: reached.filter((i) => i.status === 'accepted').length, sent: reached.length };
}

/** Every proposal with its status chip and value, filtered by status, and the conversion (accepted / sent). */
export function ProposalsTable({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string) => void }) {
  const [status, setStatus] = useState<ProposalStatus | undefined>(undefined);
  const all = useProposals({});
  const list = useProposals(status ? { status } : {});
  const items = list.data?.items ?? [];
  const rate = conversionOf(all.data?.items ?? []);
  const acceptedValue = (all.data?.items ?? []).filter((i) => i.status === 'accepted');

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid="proposals-table">
      <Stack direction="row" spacing={3} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }} data-testid="proposal-conversion">
        <Typography>
          Conversion: <strong>{rate.sent ? Math.round((rate.accepted / rate.sent) * 100) : 0}%</strong> ({rate.accepted} accepted / {rate.sent} sent)
        </Typography>
        <Typography>
          Accepted value:{' '}
          <strong>{acceptedValue.length ? acceptedValue.map((i) => formatMoney(i.total, i.currency)).reduce((a, b) => `${a} + ${b}`) : '—'}</strong>
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Chip label="All" onClick={() => setStatus(undefined)} color={status ? 'default' : 'primary'} />
        {PROPOSAL_STATUSES.map((s) => (
          <Chip key={s} label={PROPOSAL_STATUS_LABELS[s]} onClick={() => setStatus(s)} color={status === s ? 'primary' : 'default'} />
        ))}
      </Stack>
      {list.isPending ? (
        <ListLoading label="Loading proposals..." />
      ) : list.isError ? (
        <ListError message={errorMessage(list.error)} onRetry={() => list.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty title="No proposals">Send one from a pending request on the approval screen.</ListEmpty>
      ) : (
        <List disablePadding aria-label="Proposals">
          {items.map((p) => (
            <ListItem key={p.id} disablePadding divider>
              <ListItemButton selected={p.id === selectedId} onClick={() => onSelect(p.id)} data-testid="proposal-row" data-proposal-id={p.id}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                    {p.title}{' '}
                    <Typography component="span" variant="caption">
                      v{p.version}
                    </Typography>
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {p.company.name} · {p.project_title} · valid until {formatDate(p.valid_until)}
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
