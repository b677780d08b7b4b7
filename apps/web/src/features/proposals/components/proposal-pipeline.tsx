import { PROPOSAL_STATUSES } from '@agency/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Trans } from 'react-i18next';
import { Link } from 'react-router';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { errorMessage } from '../../../lib/http';
import { useProposalSummary } from '../api/proposal-summary';
import { useProposalsT } from '../i18n';
import { acceptedValueText, conversionPercent } from './proposals-table';

/** The dashboards' view of every proposal: how many in each status, the accepted value, the conversion. */
export function ProposalPipeline({ listPath }: { listPath: string }) {
  const { t } = useProposalsT();
  const proposals = useProposalSummary();
  return (
    <SectionCard
      title={t('pipeline.title')}
      subtitle={t('pipeline.subtitle')}
      action={
        <Button component={Link} to={listPath} variant="outlined" data-testid="dashboard-proposals-link">
          {t('pipeline.open')}
        </Button>
      }
      data-testid="dashboard-proposals"
    >
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        {proposals.isPending ? (
          <ListLoading label={t('pipeline.loading')} />
        ) : proposals.isError ? (
          <ListError message={errorMessage(proposals.error)} onRetry={() => proposals.refetch()} />
        ) : (
          <Stack spacing={1.5}>
            <Typography data-testid="dashboard-proposal-conversion">
              <Trans
                t={t}
                i18nKey="pipeline.conversion"
                values={{
                  percent: conversionPercent(proposals.data.conversion),
                  accepted: proposals.data.conversion.accepted,
                  sent: proposals.data.conversion.sent,
                  value: acceptedValueText(proposals.data.accepted_value),
                }}
                components={{ strong: <strong /> }}
              />
            </Typography>
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {PROPOSAL_STATUSES.map((status) => (
                <Chip
                  key={status}
                  size="small"
                  label={t('pipeline.count', { status: t(`status.${status}`), count: proposals.data.counts[status] })}
                />
              ))}
            </Stack>
          </Stack>
        )}
      </Box>
    </SectionCard>
  );
}
