import { CONTRACT_EVENT_LABELS } from '@agency/schema';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { ListError, ListLoading } from '../../../components/list-states';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useContractAudit } from '../api/get-contract-audit';

/** Every step of a contract: what, who, when, from where. */
export function AuditTrail({ contractId }: { contractId: string }) {
  const audit = useContractAudit(contractId);
  if (audit.isPending) return <ListLoading label="Loading audit trail..." />;
  if (audit.isError) return <ListError message={errorMessage(audit.error)} onRetry={() => audit.refetch()} />;
  return (
    <List dense disablePadding data-testid="audit-trail">
      {audit.data.map((event) => (
        <ListItem key={event.id} divider sx={{ px: 0 }} data-testid="audit-event" data-kind={event.kind}>
          <ListItemText
            primary={`${CONTRACT_EVENT_LABELS[event.kind]} · ${formatDateTime(event.created_at)}`}
            secondary={[event.actor ? `by ${event.actor.name}` : 'automatic', event.ip ? `IP ${event.ip}` : null, event.note, event.user_agent]
              .filter(Boolean)
              .join(' · ')}
            slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
