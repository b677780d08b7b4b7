import type { Proposal } from '@agency/schema';
import Alert from '@mui/material/Alert';
import { useProposalsT } from '../i18n';

/** Why a proposal can no longer be answered: declined (with the reason), expired or withdrawn. Nothing otherwise. */
export function ProposalStatusNotice({ proposal }: { proposal: Pick<Proposal, 'status' | 'decline_reason' | 'void_reason'> }) {
  const { t } = useProposalsT();
  switch (proposal.status) {
    case 'declined':
      return (
        <Alert severity="info" sx={{ mb: 2 }}>
          {t('notice.declined', { reason: proposal.decline_reason })}
        </Alert>
      );
    case 'expired':
      return (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('notice.expired')}
        </Alert>
      );
    case 'void':
      return (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('notice.void', { reason: proposal.void_reason })}
        </Alert>
      );
    default:
      return null;
  }
}
