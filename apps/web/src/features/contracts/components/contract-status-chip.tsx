import { assertNever, type ContractStatus } from '@agency/schema';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useContractsT } from '../i18n';

function colorOf(status: ContractStatus): ChipProps['color'] {
  switch (status) {
    case 'draft':
      return 'default';
    case 'sent':
      return 'warning';
    case 'signed':
      return 'success';
    case 'void':
      return 'default';
    case 'expired':
      return 'error';
    default:
      return assertNever(status);
  }
}

export function ContractStatusChip({ status, size = 'small' }: { status: ContractStatus; size?: ChipProps['size'] }) {
  const { t } = useContractsT();
  return (
    <Chip
      label={t(`status.${status}`)}
      color={colorOf(status)}
      size={size}
      variant={status === 'void' || status === 'draft' ? 'outlined' : 'filled'}
      data-testid="contract-status"
      data-status={status}
    />
  );
}
