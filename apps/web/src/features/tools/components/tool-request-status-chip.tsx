import { TOOL_REQUEST_STATUS_LABELS, assertNever, type ToolRequestStatus } from '@agency/schema';
import Chip, { type ChipProps } from '@mui/material/Chip';

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
  return (
    <Chip label={TOOL_REQUEST_STATUS_LABELS[status]} color={colorOf(status)} size="small" data-testid="tool-request-status" data-status={status} />
  );
}
