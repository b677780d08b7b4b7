import { formatDate, formatDuration, formatFullDateTime, weekDays, type TimesheetApproval } from '@agency/schema';
import CheckIcon from '@mui/icons-material/Check';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState, type FormEvent } from 'react';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useDecideTimesheet } from '../api/decide-timesheet';
import { useTimesheet } from '../api/get-timesheet';
import { useApprovals } from '../api/list-approvals';
import { dayMonthOf } from '../utils/day-label';
import { i18n } from '../../../i18n';
import { describeDuration, useTimeT } from '../i18n';

/** "Week 48 (23 Nov to 29 Nov 2026)". */
function describeWeek(week: string): string {
  const days = weekDays(week);
  return i18n.t('time:approvals.week', {
    number: Number(week.slice(6)),
    from: dayMonthOf(days[0]),
    to: dayMonthOf(days[6]),
    year: days[6].slice(0, 4),
  });
}

/**
 * Weeks waiting for the signed-in person's decision: a team lead sees their members' time on the projects they lead,
 * staff every submitted week (the leads' own among them). Each opens to its entries; approving locks them, sending
 * back asks for a reason that the person then reads above their week.
 */
export function TimesheetApprovals() {
  const { t } = useTimeT();
  const query = useApprovals();
  if (query.isPending) return <ListLoading label={t('approvals.loading')} />;
  if (query.isError) return <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (query.data.length === 0) {
    return (
      <ListEmpty title={t('approvals.emptyTitle')} dense>
        {t('approvals.emptyBody')}
      </ListEmpty>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="approval-list">
      {query.data.map((item) => (
        <ApprovalRow key={`${item.user.id}:${item.week}`} item={item} />
      ))}
    </Box>
  );
}

function ApprovalRow({ item }: { item: TimesheetApproval }) {
  const { t } = useTimeT();
  const [isOpen, setIsOpen] = useState(false);
  const [isRejecting, setIsRejecting] = useState(false);
  const decide = useDecideTimesheet();
  const detailsId = useId();
  const who = `${item.user.name}, ${describeWeek(item.week)}`;

  const handleApprove = () =>
    decide.mutate(
      { user_id: item.user.id, week: item.week, approve: true },
      { onSuccess: () => notify.success(t('approvals.approved', { who })), onError: (error) => notify.error(errorMessage(error)) },
    );

  return (
    <Card
      component="article"
      aria-label={who}
      sx={{ p: { xs: 2, sm: 2.5 } }}
      data-testid="approval-row"
      data-user={item.user.id}
      data-week={item.week}
    >
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <Box sx={{ flex: '1 1 220px', minWidth: 0 }}>
          <Typography component="h2" sx={{ fontWeight: 700, fontSize: '1rem' }}>
            {item.user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {describeWeek(item.week)} · <strong data-testid="approval-minutes">{describeDuration(item.minutes)}</strong>
            {item.submitted_at ? t('approvals.submittedOn', { date: formatFullDateTime(item.submitted_at) }) : ''}
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button
            size="small"
            onClick={() => setIsOpen((open) => !open)}
            aria-expanded={isOpen}
            aria-controls={detailsId}
            endIcon={isOpen ? <ExpandLessIcon /> : <ExpandMoreIcon />}
            data-testid="approval-toggle"
          >
            {isOpen ? t('approvals.hideTime') : t('approvals.showTime')}
          </Button>
          <Button
            size="small"
            variant="outlined"
            color="warning"
            startIcon={<UndoIcon />}
            onClick={() => setIsRejecting(true)}
            data-testid="reject-week"
          >
            {t('approvals.sendBack')}
          </Button>
          <Button
            size="small"
            variant="contained"
            color="success"
            startIcon={<CheckIcon />}
            onClick={handleApprove}
            loading={decide.isPending}
            data-testid="approve-week"
          >
            {t('approvals.approve')}
          </Button>
        </Box>
      </Box>
      <Box id={detailsId} hidden={!isOpen}>
        {isOpen && <WeekEntries userId={item.user.id} week={item.week} />}
      </Box>
      {isRejecting && <RejectDialog item={item} who={who} onClose={() => setIsRejecting(false)} />}
    </Card>
  );
}

/** The entries of a submitted week that the caller decides on, by day. */
function WeekEntries({ userId, week }: { userId: string; week: string }) {
  const { t } = useTimeT();
  const query = useTimesheet(week, userId);
  if (query.isPending) return <ListLoading label={t('approvals.loadingWeek')} />;
  if (query.isError) return <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  const entries = [...query.data.entries].sort((a, b) => a.started_at.localeCompare(b.started_at));
  return (
    <Box
      component="table"
      sx={{
        mt: 2,
        width: '100%',
        borderCollapse: 'collapse',
        '& th, & td': {
          textAlign: 'left',
          py: 0.75,
          pr: 1.5,
          borderBottom: '1px solid',
          borderColor: 'divider',
          fontSize: '0.875rem',
          verticalAlign: 'top',
        },
        '& thead th': { color: 'text.secondary', fontWeight: 700 },
        '& td:nth-of-type(3), & th:nth-of-type(3)': { textAlign: 'right', whiteSpace: 'nowrap' },
      }}
      data-testid="approval-entries"
    >
      <thead>
        <tr>
          <th scope="col">{t('approvals.day')}</th>
          <th scope="col">{t('approvals.projectAndCard')}</th>
          <th scope="col">{t('approvals.time')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((entry) => (
          <tr key={entry.id}>
            <td>{formatDate(entry.date)}</td>
            <td>
              {entry.project_title}
              {entry.card_title ? `: ${entry.card_title}` : ''}
              {entry.note && (
                <Typography variant="caption" color="text.secondary" component="div">
                  {entry.note}
                </Typography>
              )}
            </td>
            <td>{formatDuration(entry.minutes)}</td>
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

function RejectDialog({ item, who, onClose }: { item: TimesheetApproval; who: string; onClose: () => void }) {
  const { t } = useTimeT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideTimesheet();
  const titleId = useId();

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setError(t('approvals.reasonShort'));
    decide.mutate(
      { user_id: item.user.id, week: item.week, approve: false, reason: reason.trim() },
      {
        onSuccess: () => {
          notify.success(t('approvals.sentBack', { name: item.user.name }));
          onClose();
        },
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="reject-week-dialog">
      <Box component="form" onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>{t('approvals.dialogTitle')}</DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            {t('approvals.dialogBody', { who })}
          </Typography>
          <TextField
            label={t('approvals.reasonLabel')}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
            error={Boolean(error)}
            helperText={error ?? ' '}
            multiline
            minRows={3}
            fullWidth
            autoFocus
            required
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'reject-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('approvals.cancel')}</Button>
          <Button type="submit" variant="contained" color="warning" loading={decide.isPending} data-testid="confirm-reject-week">
            {t('approvals.sendBack')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
