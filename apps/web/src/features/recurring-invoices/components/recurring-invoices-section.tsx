import { RECURRING_FREQUENCY_LABELS, RECURRING_STATUS_LABELS, type RecurringInvoice } from '@agency/schema';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListEmpty, ListError, ListLoading, LoadMore } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate, formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useRecurringAction, useRecurringInvoices, useUpcomingDates, type RecurringAction } from '../api/recurring-invoices';
import { RecurringInvoiceDialog, type CompanyChoice, type ProjectChoice } from './recurring-invoice-dialog';

const STATUS_COLOR = { active: 'success', paused: 'warning', ended: 'default' } as const;

const UNITS = { weekly: 'weeks', monthly: 'months', quarterly: 'quarters', yearly: 'years' } as const;

function schedule(r: RecurringInvoice) {
  const { interval, frequency } = r.schedule;
  const every = interval > 1 ? `Every ${interval} ${UNITS[frequency]}` : RECURRING_FREQUENCY_LABELS[frequency];
  return `${every} from ${formatDate(r.schedule.start_date)}`;
}

function UpcomingDates({ id }: { id: string }) {
  const upcoming = useUpcomingDates(id);
  if (upcoming.isPending) return <Typography color="text.secondary">Loading the next dates...</Typography>;
  if (upcoming.isError) return <Typography color="error">{errorMessage(upcoming.error)}</Typography>;
  return (
    <Typography color="text.secondary" data-testid={`recurring-upcoming-${id}`}>
      Next dates: {upcoming.data.dates.map((d) => formatDate(d)).join(', ') || 'none'}
    </Typography>
  );
}

const CONFIRM: Record<RecurringAction, { title: string; label: string; text: string }> = {
  pause: {
    title: 'Pause this recurring invoice?',
    label: 'Pause',
    text: 'No invoice is raised while it is paused; periods that pass meanwhile are skipped.',
  },
  resume: { title: 'Resume this recurring invoice?', label: 'Resume', text: 'Invoices are raised again from the next date on.' },
  end: {
    title: 'End this recurring invoice?',
    label: 'End',
    text: 'No more invoices are raised. Invoices already raised stay as they are. This cannot be undone.',
  },
};

function Row({ r, onEdit, onAction }: { r: RecurringInvoice; onEdit: () => void; onAction: (a: RecurringAction) => void }) {
  const [showDates, setShowDates] = useState(false);
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }} data-testid="recurring-row">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {r.project_title ?? r.company.name} · {formatMoney(r.total, r.currency)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {r.company.name} · {schedule(r)} · {r.invoice_count} raised
            {r.next_date ? ` · next ${formatDate(r.next_date)}` : ''}
            {r.auto_send ? '' : ' · kept as drafts'}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip size="small" label={RECURRING_STATUS_LABELS[r.status]} color={STATUS_COLOR[r.status]} />
          {r.status !== 'ended' && (
            <>
              <Button size="small" onClick={() => setShowDates((v) => !v)}>
                {showDates ? 'Hide dates' : 'Next dates'}
              </Button>
              <Button size="small" onClick={onEdit}>
                Edit
              </Button>
              <Button size="small" onClick={() => onAction(r.status === 'active' ? 'pause' : 'resume')}>
                {r.status === 'active' ? 'Pause' : 'Resume'}
              </Button>
              <Button size="small" color="error" onClick={() => onAction('end')}>
                End
              </Button>
            </>
          )}
        </Stack>
      </Stack>
      {showDates && <UpcomingDates id={r.id} />}
    </Box>
  );
}

/** Staff's recurring invoices: the list, create and edit, pause, resume and end (each confirmed), and the next dates. */
export function RecurringInvoicesSection({
  projects,
  companies,
  onCompanySearch,
  today,
}: {
  projects: ProjectChoice[];
  companies: CompanyChoice[];
  onCompanySearch: (q: string) => void;
  today: string;
}) {
  const list = useRecurringInvoices();
  const act = useRecurringAction();
  const [editing, setEditing] = useState<RecurringInvoice | 'new' | null>(null);
  const [confirm, setConfirm] = useState<{ r: RecurringInvoice; action: RecurringAction } | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  return (
    <SectionCard
      title="Recurring invoices"
      subtitle="Retainers and subscriptions: an invoice raised on each date of the schedule"
      data-testid="recurring-invoices"
      action={
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="new-recurring">
          New recurring invoice
        </Button>
      }
    >
      {list.isPending ? (
        <ListLoading label="Loading recurring invoices..." />
      ) : list.isError ? (
        <ListError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty title="No recurring invoices yet" dense>
          Create one for a retainer: its invoices are raised and sent on their dates.
        </ListEmpty>
      ) : (
        <Stack divider={<Divider />}>
          {items.map((r) => (
            <Row key={r.id} r={r} onEdit={() => setEditing(r)} onAction={(action) => setConfirm({ r, action })} />
          ))}
        </Stack>
      )}
      <LoadMore hasMore={Boolean(list.hasNextPage)} isLoading={list.isFetchingNextPage} onLoadMore={() => void list.fetchNextPage()} />
      {editing && (
        <RecurringInvoiceDialog
          recurring={editing === 'new' ? null : editing}
          projects={projects}
          companies={companies}
          onCompanySearch={onCompanySearch}
          today={today}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notify.success(editing === 'new' ? 'Recurring invoice created' : 'Recurring invoice saved');
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm ? CONFIRM[confirm.action].title : ''}
        confirmLabel={confirm ? CONFIRM[confirm.action].label : ''}
        confirmColor={confirm?.action === 'end' ? 'error' : 'primary'}
        isPending={act.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          act.mutate(
            { id: confirm.r.id, action: confirm.action },
            {
              onSuccess: () => {
                notify.success(`Recurring invoice ${confirm.action === 'end' ? 'ended' : confirm.action === 'pause' ? 'paused' : 'resumed'}`);
                setConfirm(null);
              },
              onError: (e) => notify.error(errorMessage(e)),
            },
          );
        }}
      >
        {confirm ? CONFIRM[confirm.action].text : ''}
      </ConfirmDialog>
    </SectionCard>
  );
}
