import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import { ListError, ListLoading } from '../../../components/list-states';
import { formatDateTime } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useContractAudit } from '../api/get-contract-audit';
import { useContractsT } from '../i18n';

/** Every step of a contract: what, who, when, from where. */
export function AuditTrail({ contractId }: { contractId: string }) {
  const { t } = useContractsT();
  const audit = useContractAudit(contractId);
  if (audit.isPending) return <ListLoading label={t('loading.auditTrail')} />;
  if (audit.isError) return <ListError message={errorMessage(audit.error)} onRetry={() => audit.refetch()} />;
  return (
    <List dense disablePadding data-testid="audit-trail">
      {audit.data.map((event) => (
        <ListItem key={event.id} divider sx={{ px: 0 }} data-testid="audit-event" data-kind={event.kind}>
          <ListItemText
            primary={`${t(`event.${event.kind}`)} · ${formatDateTime(event.created_at)}`}
            secondary={[
              event.actor ? t('audit.by', { name: event.actor.name }) : t('audit.automatic'),
              event.ip ? t('audit.ip', { ip: event.ip }) : null,
              event.note,
              event.user_agent,
            ]
              .filter(Boolean)
              .join(' · ')}
            slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
          />
        </ListItem>
      ))}
    </List>
  );
}
