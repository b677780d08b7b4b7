import { PROPOSAL_STATUSES, PROPOSAL_STATUS_LABELS } from '@agency/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useProposals } from '../api/list-proposals';
import { conversionOf } from './proposals-table';

/** The dashboards' view of proposals (the latest hundred): how many in each status, the accepted value, the conversion. */
export function ProposalPipeline({ listPath }: { listPath: string }) {
  const proposals = useProposals({});
  const items = proposals.data?.items ?? [];
  const rate = conversionOf(items);
  const accepted = new Map<string, number>();
  for (const p of items.filter((i) => i.status === 'accepted')) accepted.set(p.currency, (accepted.get(p.currency) ?? 0) + p.total);
  return (
    <SectionCard
      title="Proposals"
      subtitle="Accepted out of those the clients received"
      action={
        <Button component={Link} to={listPath} variant="outlined" data-testid="dashboard-proposals-link">
          Proposals
        </Button>
      }
      data-testid="dashboard-proposals"
    >
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        {proposals.isPending ? (
          <ListLoading label="Loading proposals..." />
        ) : proposals.isError ? (
          <ListError message={errorMessage(proposals.error)} onRetry={() => proposals.refetch()} />
        ) : (
          <Stack spacing={1.5}>
            <Typography data-testid="dashboard-proposal-conversion">
              Conversion <strong>{rate.sent ? Math.round((rate.accepted / rate.sent) * 100) : 0}%</strong> ({rate.accepted} accepted / {rate.sent}{' '}
              sent) · accepted value{' '}
              <strong>
                {accepted.size ? [...accepted].map(([currency, total]) => formatMoney(total, currency)).join(' + ') : formatMoney(0, 'GBP')}
              </strong>
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {PROPOSAL_STATUSES.map((status) => (
                <Chip key={status} size="small" label={`${PROPOSAL_STATUS_LABELS[status]}: ${items.filter((i) => i.status === status).length}`} />
              ))}
            </Stack>
          </Stack>
        )}
      </Box>
    </SectionCard>
  );
}
