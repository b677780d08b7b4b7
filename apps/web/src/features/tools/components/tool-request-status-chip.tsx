import { assertNever, type ToolRequestStatus } from '@agency/schema';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { useToolsT } from '../i18n';

function colorOf(status: ToolRequestStatus): ChipProps['color'] {
  switch (status) {
    case 'requested':
      return 'warning';
    case 'approved':
      return 'info';
    case 'declined':
      return 'error';
    case 'fulfilled':
      return 'success';
    default:
      return assertNever(status);
  }
}

export function ToolRequestStatusChip({ status }: { status: ToolRequestStatus }) {
  const { t } = useToolsT();
  return <Chip label={t(`status.${status}`)} color={colorOf(status)} size="small" data-testid="tool-request-status" data-status={status} />;
}
