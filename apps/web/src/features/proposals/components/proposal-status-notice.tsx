import type { Proposal } from '@agency/schema';
import Alert from '@mui/material/Alert';

/** Why a proposal can no longer be answered: declined (with the reason), expired or withdrawn. Nothing otherwise. */
export function ProposalStatusNotice({ proposal }: { proposal: Pick<Proposal, 'status' | 'decline_reason' | 'void_reason'> }) {
  switch (proposal.status) {
    case 'declined':
      return (
        <Alert severity="info" sx={{ mb: 2 }}>
          You declined this proposal: {proposal.decline_reason}
        </Alert>
      );
    case 'expired':
      return (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This proposal expired. Ask us for a new version.
        </Alert>
      );
    case 'void':
      return (
        <Alert severity="warning" sx={{ mb: 2 }}>
          This proposal was withdrawn: {proposal.void_reason}
        </Alert>
      );
    default:
      return null;
  }
}
