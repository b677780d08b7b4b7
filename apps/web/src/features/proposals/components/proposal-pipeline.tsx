import { PROPOSAL_STATUSES, PROPOSAL_STATUS_LABELS } from '@agency/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link } from 'react-router';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useProposalSummary } from '../api/proposal-summary';
import { acceptedValueText, conversionPercent } from './proposals-table';

/** The dashboards' view of every proposal: how many in each status, the accepted value, the conversion. */
export function ProposalPipeline({ listPath }: { listPath: string }) {
  const proposals = useProposalSummary();
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
              Conversion <strong>{conversionPercent(proposals.data.conversion)}%</strong> ({proposals.data.conversion.accepted} accepted /{' '}
              {proposals.data.conversion.sent} sent) · accepted value <strong>{acceptedValueText(proposals.data.accepted_value)}</strong>
            </Typography>
            <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
              {PROPOSAL_STATUSES.map((status) => (
                <Chip key={status} size="small" label={`${PROPOSAL_STATUS_LABELS[status]}: ${proposals.data.counts[status]}`} />
              ))}
            </Stack>
          </Stack>
        )}
      </Box>
    </SectionCard>
  );
}
