import type { RecurringInvoice } from '@agency/schema';
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
import { useRecurringInvoicesT } from '../i18n';
import { useRecurringAction, useRecurringInvoices, useUpcomingDates, type RecurringAction } from '../api/recurring-invoices';
import { RecurringInvoiceDialog, type CompanyChoice, type ProjectChoice } from './recurring-invoice-dialog';

const STATUS_COLOR = { active: 'success', paused: 'warning', ended: 'default' } as const;

const EVERY = { weekly: 'everyWeeks', monthly: 'everyMonths', quarterly: 'everyQuarters', yearly: 'everyYears' } as const;

type T = ReturnType<typeof useRecurringInvoicesT>['t'];

function schedule(t: T, r: RecurringInvoice) {
  const { interval, frequency } = r.schedule;
  const every = interval > 1 ? t(`schedule.${EVERY[frequency]}`, { count: interval }) : t(`frequency.${frequency}`);
  return t('schedule.from', { every, date: formatDate(r.schedule.start_date) });
}

function UpcomingDates({ id }: { id: string }) {
  const { t } = useRecurringInvoicesT();
  const upcoming = useUpcomingDates(id);
  if (upcoming.isPending) return <Typography color="text.secondary">{t('upcoming.loading')}</Typography>;
  if (upcoming.isError) return <Typography color="error">{errorMessage(upcoming.error)}</Typography>;
  return (
    <Typography color="text.secondary" data-testid={`recurring-upcoming-${id}`}>
      {t('upcoming.dates', { dates: upcoming.data.dates.map((d) => formatDate(d)).join(', ') || t('upcoming.none') })}
    </Typography>
  );
}

/** The confirmation of each action: its title, button and text (keys under `confirm`). */
function confirmTexts(t: T, action: RecurringAction) {
  return { title: t(`confirm.${action}Title`), label: t(`confirm.${action}Label`), text: t(`confirm.${action}Text`) };
}

function Row({ r, onEdit, onAction }: { r: RecurringInvoice; onEdit: () => void; onAction: (a: RecurringAction) => void }) {
  const { t } = useRecurringInvoicesT();
  const [showDates, setShowDates] = useState(false);
  return (
    <Box sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }} data-testid="recurring-row">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600 }}>
            {r.project_title ?? r.company.name} · {formatMoney(r.total, r.currency)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {r.company.name} · {schedule(t, r)} · {t('row.raised', { count: r.invoice_count })}
            {r.next_date ? ` · ${t('row.next', { date: formatDate(r.next_date) })}` : ''}
            {r.auto_send ? '' : ` · ${t('row.keptAsDrafts')}`}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Chip size="small" label={t(`status.${r.status}`)} color={STATUS_COLOR[r.status]} />
          {r.status !== 'ended' && (
            <>
              <Button size="small" onClick={() => setShowDates((v) => !v)}>
                {showDates ? t('row.hideDates') : t('row.showDates')}
              </Button>
              <Button size="small" onClick={onEdit}>
                {t('row.edit')}
              </Button>
              <Button size="small" onClick={() => onAction(r.status === 'active' ? 'pause' : 'resume')}>
                {r.status === 'active' ? t('row.pause') : t('row.resume')}
              </Button>
              <Button size="small" color="error" onClick={() => onAction('end')}>
                {t('row.end')}
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
  const { t } = useRecurringInvoicesT();
  const list = useRecurringInvoices();
  const act = useRecurringAction();
  const [editing, setEditing] = useState<RecurringInvoice | 'new' | null>(null);
  const [confirm, setConfirm] = useState<{ r: RecurringInvoice; action: RecurringAction } | null>(null);
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const texts = confirm ? confirmTexts(t, confirm.action) : null;

  return (
    <SectionCard
      title={t('section.title')}
      subtitle={t('section.subtitle')}
      data-testid="recurring-invoices"
      action={
        <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')} data-testid="new-recurring">
          {t('section.new')}
        </Button>
      }
    >
      {list.isPending ? (
        <ListLoading label={t('section.loading')} />
      ) : list.isError ? (
        <ListError message={errorMessage(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <ListEmpty title={t('section.emptyTitle')} dense>
          {t('section.emptyText')}
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
            notify.success(editing === 'new' ? t('section.created') : t('section.saved'));
            setEditing(null);
          }}
        />
      )}
      <ConfirmDialog
        open={confirm !== null}
        title={texts?.title ?? ''}
        confirmLabel={texts?.label ?? ''}
        confirmColor={confirm?.action === 'end' ? 'error' : 'primary'}
        isPending={act.isPending}
        onClose={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          act.mutate(
            { id: confirm.r.id, action: confirm.action },
            {
              onSuccess: () => {
                notify.success(t(confirm.action === 'end' ? 'section.ended' : confirm.action === 'pause' ? 'section.paused' : 'section.resumed'));
                setConfirm(null);
              },
              onError: (e) => notify.error(errorMessage(e)),
            },
          );
        }}
      >
        {texts?.text ?? ''}
      </ConfirmDialog>
    </SectionCard>
  );
}
