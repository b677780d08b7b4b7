import { assertNever, type ProposalStatus } from '@agency/schema';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useProposalsT } from '../i18n';

function colorOf(status: ProposalStatus): ChipProps['color'] {
  switch (status) {
    case 'draft':
    case 'void':
      return 'default';
    case 'sent':
      return 'warning';
    case 'accepted':
      return 'success';
    case 'declined':
    case 'expired':
      return 'error';
    default:
      return assertNever(status);
  }
}

export function ProposalStatusChip({ status, size = 'small' }: { status: ProposalStatus; size?: ChipProps['size'] }) {
  const { t } = useProposalsT();
  return (
    <Chip
      label={t(`status.${status}`)}
      color={colorOf(status)}
      size={size}
      variant={status === 'void' || status === 'draft' ? 'outlined' : 'filled'}
      data-testid="proposal-status"
      data-status={status}
    />
  );
}
