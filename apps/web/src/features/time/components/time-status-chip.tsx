import { assertNever, type TimeEntryStatus } from '@agency/schema';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useTimeT } from '../i18n';

function colorOf(status: TimeEntryStatus): ChipProps['color'] {
  switch (status) {
    case 'draft':
      return 'default';
    case 'submitted':
      return 'info';
    case 'approved':
      return 'success';
    case 'rejected':
      return 'error';
    case 'billed':
      return 'primary';
    default:
      return assertNever(status);
  }
}

/** The status of a week, an entry or an expense. */
export function TimeStatusChip({ status, 'data-testid': testId = 'time-status' }: { status: TimeEntryStatus; 'data-testid'?: string }) {
  const { t } = useTimeT();
  return (
    <Chip
      size="small"
      label={t(`status.${status}`)}
      color={colorOf(status)}
      variant={status === 'draft' ? 'outlined' : 'filled'}
      data-testid={testId}
      data-status={status}
    />
  );
}
