import type { ProposalListItem } from '@agency/schema';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { TextLink } from '../../../components/text-link';
import { formatDate, formatMoney } from '../../../lib/format';
import { useProposalsT } from '../i18n';

/** A proposal waiting for the company's answer: its title and project, its total and how long it is valid. */
export function ProposalToAnswerRow({ proposal, to }: { proposal: ProposalListItem; to: string }) {
  const { t } = useProposalsT();
  return (
    <Box
      component="li"
      sx={{ px: { xs: 2, sm: 3 }, py: 1.5, borderBottom: '1px solid', borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}
      data-testid="proposal-to-answer"
      data-proposal-id={proposal.id}
    >
      <TextLink to={to} sx={{ fontWeight: 700 }}>
        {proposal.title}
      </TextLink>
      <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
        {t('toAnswer.line', {
          project: proposal.project_title,
          total: formatMoney(proposal.total, proposal.currency),
          date: formatDate(proposal.valid_until),
        })}
      </Typography>
    </Box>
  );
}
