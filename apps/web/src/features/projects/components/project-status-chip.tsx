import { assertNever, type ProjectStatus } from '@agency/schema';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useCommonT } from '../../../i18n';

function colorOf(status: ProjectStatus): ChipProps['color'] {
  switch (status) {
    case 'pending':
      return 'warning';
    case 'approved':
      return 'info';
    case 'in_progress':
      return 'primary';
    case 'completed':
      return 'success';
    case 'rejected':
      return 'error';
    case 'cancelled':
      return 'default';
    default:
      return assertNever(status);
  }
}

export function ProjectStatusChip({ status, size = 'small' }: { status: ProjectStatus; size?: ChipProps['size'] }) {
  const { t } = useCommonT();
  return (
    <Chip
      label={t(`projectStatus.${status}`)}
      color={colorOf(status)}
      size={size}
      variant={status === 'cancelled' ? 'outlined' : 'filled'}
      data-testid="project-status"
      data-status={status}
    />
  );
}
