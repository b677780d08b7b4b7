import { formatDuration, formatFullDateTime, MINUTES_PER_DAY, parseDuration, weekDays, type Timesheet } from '@agency/schema';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type KeyboardEvent } from 'react';
import { ListError, ListLoading } from '../../../components/list-states';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { createEntry } from '../api/create-entry';
import { deleteEntry } from '../api/delete-entry';
import { useTimesheet } from '../api/get-timesheet';
import { useSubmitTimesheet } from '../api/submit-timesheet';
import { updateEntry } from '../api/update-entry';
import { dayMonthOf, longDayOf, weekdayOf } from '../utils/day-label';
import {
  cellEntries,
  gridRows,
  isWeekOpen,
  planCellChange,
  shiftWeek,
  sumMinutes,
  today,
  weekOf,
  type CellChange,
  type GridRow,
} from '../utils/week-grid';
import { AddRowForm } from './add-row-form';
import { TimeStatusChip } from './time-status-chip';
import { useAgencyTimeZone } from '../hooks/use-agency-time-zone';
import { i18n } from '../../../i18n';
import { useTimeT } from '../i18n';

type WeekGridProps = { week: string; onWeekChange: (week: string) => void };

const HINT_ID = 'week-grid-hint';
/** The week's arrows point back and forth in time: towards the start and the end of the line, mirrored right to left. */
const POINTS_SIDEWAYS = { '[dir="rtl"] &': { transform: 'scaleX(-1)' } } as const;

/** "Week 48 · 23 Nov to 29 Nov 2026". */
function weekTitle(week: string): string {
  const days = weekDays(week);
  return i18n.t('time:weekGrid.title', {
    number: Number(week.slice(6)),
    from: dayMonthOf(days[0]),
    to: dayMonthOf(days[6]),
    year: days[6].slice(0, 4),
  });
}

/**
 * The signed-in person's week: a row per project or card, a column per day. A cell takes a duration as people type
 * it (`1:30`, `1.5`, `90m`) and is saved when it is left or Enter is pressed; the arrow keys move between rows.
 * The week is submitted as a whole; once sent it is locked until the lead sends it back (with their reason).
 */
export function WeekGrid({ week, onWeekChange }: WeekGridProps) {
  const { t } = useTimeT();
  const timeZone = useAgencyTimeZone();
  const query = useTimesheet(week);
  const submit = useSubmitTimesheet();
  const [added, setAdded] = useState<GridRow[]>([]);

  const handleSubmit = () =>
    submit.mutate(week, {
      onSuccess: () => notify.success(t('weekGrid.submitted')),
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="week-grid">
      <Box sx={{ display: 'flex', alignItems: 'center', columnGap: 1, rowGap: 0.5, flexWrap: 'wrap' }}>
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'nowrap', minWidth: 0, ml: -1 }}>
          <IconButton aria-label={t('weekGrid.previous')} onClick={() => onWeekChange(shiftWeek(week, -1))} data-testid="week-previous">
            <ChevronLeftIcon sx={POINTS_SIDEWAYS} />
          </IconButton>
          <Typography
            component="h2"
            sx={{ fontWeight: 700, fontSize: { xs: '0.95rem', sm: '1.05rem' }, minWidth: 0, textWrap: 'balance' }}
            data-testid="week-title"
          >
            {weekTitle(week)}
          </Typography>
          <IconButton aria-label={t('weekGrid.next')} onClick={() => onWeekChange(shiftWeek(week, 1))} data-testid="week-next">
            <ChevronRightIcon sx={POINTS_SIDEWAYS} />
          </IconButton>
        </Box>
        {week !== weekOf(today(timeZone)) && (
          <Button size="small" onClick={() => onWeekChange(weekOf(today(timeZone)))}>
            {t('weekGrid.thisWeek')}
          </Button>
        )}
        <Box sx={{ flex: 1 }} />
        {query.data && <TimeStatusChip status={query.data.status} data-testid="week-status" />}
      </Box>
      {query.isPending ? (
        <ListLoading label={t('weekGrid.loading')} />
      ) : query.isError ? (
        <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
      ) : (
        <>
          <WeekStatus sheet={query.data} />
          {isWeekOpen(query.data.status) && (
            <Typography id={HINT_ID} variant="body2" color="text.secondary">
              {t('weekGrid.hint')}
              <Box component="span" sx={{ display: { sm: 'none' } }}>
                {' '}
                {t('weekGrid.swipe')}
              </Box>
            </Typography>
          )}
          <Grid sheet={query.data} added={added} />
          {isWeekOpen(query.data.status) && (
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-end', justifyContent: 'space-between' }}>
              <AddRowForm existing={gridRows(query.data.entries, added).map((r) => r.key)} onAdd={(row) => setAdded((rows) => [...rows, row])} />
              <Button
                variant="contained"
                onClick={handleSubmit}
                loading={submit.isPending}
                disabled={query.data.total_minutes === 0}
                data-testid="submit-week"
              >
                {t('weekGrid.submit')}
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

function WeekStatus({ sheet }: { sheet: Timesheet }) {
  const { t } = useTimeT();
  switch (sheet.status) {
    case 'rejected':
      return (
        <Alert severity="warning" data-testid="week-rejected">
          <strong>{sheet.decided_by ? t('weekGrid.sentBackBy', { name: sheet.decided_by.name }) : t('weekGrid.sentBack')}</strong> {sheet.reason}
          <br />
          {t('weekGrid.changeAgain')}
        </Alert>
      );
    case 'submitted':
      return (
        <Alert severity="info" data-testid="week-submitted">
          {sheet.submitted_at ? t('weekGrid.waitingOn', { date: formatFullDateTime(sheet.submitted_at) }) : t('weekGrid.waiting')}
        </Alert>
      );
    case 'approved':
      return (
        <Alert severity="success" data-testid="week-approved">
          {approvedText(sheet)}
        </Alert>
      );
    default:
      return null;
  }
}

/** "Approved by Lena on …. Approved time is locked.", with what is known of the decision. */
function approvedText(sheet: Timesheet): string {
  const name = sheet.decided_by?.name;
  const date = sheet.decided_at ? formatFullDateTime(sheet.decided_at) : null;
  if (name && date) return i18n.t('time:weekGrid.approvedByOn', { name, date });
  if (name) return i18n.t('time:weekGrid.approvedBy', { name });
  if (date) return i18n.t('time:weekGrid.approvedOn', { date });
  return i18n.t('time:weekGrid.approved');
}

function Grid({ sheet, added }: { sheet: Timesheet; added: GridRow[] }) {
  const { t } = useTimeT();
  const timeZone = useAgencyTimeZone();
  const queryClient = useQueryClient();
  const days = weekDays(sheet.week);
  const rows = gridRows(sheet.entries, added);
  const isOpen = isWeekOpen(sheet.status);
  const lastDay = today(timeZone);
  const [problem, setProblem] = useState<string | null>(null);

  async function run(row: GridRow, date: string, change: CellChange, previous: number) {
    switch (change.kind) {
      case 'create':
        await createEntry({ project_id: row.projectId, card_id: row.cardId ?? undefined, date, minutes: change.minutes });
        return;
      case 'delete':
        await deleteEntry(change.id);
        return;
      case 'patch':
        try {
          await updateEntry(change.id, { minutes: change.minutes });
        } catch (error) {
          // A longer entry may run into the next one of the day: the extra time goes after the day's entries instead.
          if (!hasErrorCode(error, 'VALIDATION_FAILED') || change.minutes <= previous) throw error;
          await createEntry({ project_id: row.projectId, card_id: row.cardId ?? undefined, date, minutes: change.minutes - previous });
        }
    }
  }

  /** Saves a cell; the message of what went wrong, or null. */
  async function save(row: GridRow, date: string, minutes: number): Promise<string | null> {
    const entries = cellEntries(sheet.entries, row, date);
    const plan = planCellChange(entries, minutes);
    if (plan === null) return t('weekGrid.cannotRemoveApproved');
    setProblem(null);
    try {
      for (const change of plan) {
        const previous = change.kind === 'patch' ? (entries.find((e) => e.id === change.id)?.minutes ?? 0) : 0;
        await run(row, date, change, previous);
      }
      return null;
    } catch (error) {
      return errorMessage(error);
    } finally {
      await queryClient.invalidateQueries({ queryKey: queryKeys.time.timesheet(null, sheet.week) });
    }
  }

  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" data-testid="week-empty">
        {isOpen ? t('weekGrid.emptyOpen') : t('weekGrid.emptyClosed')}
      </Typography>
    );
  }

  return (
    <>
      <Box
        sx={{ overflowX: 'auto', border: '1px solid', borderColor: 'divider', borderRadius: 2, bgcolor: 'background.paper' }}
        role="region"
        aria-label={t('weekGrid.region')}
        // Reachable by keyboard to scroll it sideways, even when every cell is locked.
        tabIndex={0}
        // A week is seven days wide: on a phone it scrolls sideways under its first column, held in place.
        data-sideways-scroll="by-design"
      >
        <Box
          component="table"
          sx={{
            borderCollapse: 'collapse',
            width: '100%',
            minWidth: 640,
            '& th, & td': { px: 0.75, py: 0.75, borderBottom: '1px solid', borderColor: 'divider', textAlign: 'center', fontSize: '0.875rem' },
            '& th:first-of-type': {
              textAlign: 'left',
              position: 'sticky',
              left: 0,
              bgcolor: 'background.paper',
              zIndex: 1,
              minWidth: { xs: 132, sm: 200 },
              maxWidth: { xs: 132, sm: 280 },
            },
            '& thead th': { fontWeight: 700, color: 'text.secondary', whiteSpace: 'nowrap' },
            '& tfoot th, & tfoot td': { fontWeight: 700, borderBottom: 0 },
          }}
          data-testid="week-table"
        >
          <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
            {t('weekGrid.caption', { week: weekTitle(sheet.week) })}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('weekGrid.projectOrCard')}</th>
              {days.map((day) => (
                <th key={day} scope="col">
                  <Box component="span" sx={{ display: 'block' }}>
                    {weekdayOf(day)}
                  </Box>
                  <Box component="span" sx={{ display: 'block', fontWeight: 400 }}>
                    {dayMonthOf(day)}
                  </Box>
                </th>
              ))}
              <th scope="col">{t('weekGrid.total')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row, rowIndex) => {
              const label = row.cardTitle ? `${row.projectTitle}: ${row.cardTitle}` : row.projectTitle;
              const rowEntries = sheet.entries.filter((e) => e.project_id === row.projectId && e.card_id === row.cardId);
              return (
                <tr key={row.key} data-testid="week-row" data-row={row.key}>
                  <th scope="row">
                    <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap title={row.projectTitle}>
                      {row.projectTitle}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" noWrap component="div" title={row.cardTitle ?? undefined}>
                      {row.cardTitle ?? t('weekGrid.wholeProject')}
                    </Typography>
                  </th>
                  {days.map((day, dayIndex) => {
                    const entries = cellEntries(sheet.entries, row, day);
                    return (
                      <td key={day}>
                        <DurationCell
                          key={`${sumMinutes(entries)}`}
                          minutes={sumMinutes(entries)}
                          label={`${label}, ${longDayOf(day)}`}
                          row={rowIndex}
                          column={dayIndex}
                          disabled={!isOpen || day > lastDay}
                          onSave={(minutes) => save(row, day, minutes)}
                          onProblem={setProblem}
                        />
                      </td>
                    );
                  })}
                  <td data-testid="row-total">{formatDuration(sumMinutes(rowEntries))}</td>
                </tr>
              );
            })}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">{t('weekGrid.total')}</th>
              {sheet.days.map((day) => (
                <td key={day.date} data-testid="day-total">
                  {formatDuration(day.minutes)}
                </td>
              ))}
              <td data-testid="week-total">{formatDuration(sheet.total_minutes)}</td>
            </tr>
          </tfoot>
        </Box>
      </Box>
      <Box role="alert" sx={{ '&:empty': { display: 'none' } }} data-testid="week-problem">
        {problem && <Alert severity="error">{problem}</Alert>}
      </Box>
    </>
  );
}

type DurationCellProps = {
  minutes: number;
  label: string;
  row: number;
  column: number;
  disabled: boolean;
  onSave: (minutes: number) => Promise<string | null>;
  /** Says what is wrong with the cell where everyone hears it (null: nothing). */
  onProblem: (problem: string | null) => void;
};

/** Moves the focus to a cell (leaving one saves it); false when there is no such cell. */
function focusCell(row: number, column: number): boolean {
  const target = document.querySelector<HTMLInputElement>(`input[data-cell="${row}:${column}"]`);
  if (!target || target.disabled) return false;
  target.focus();
  return true;
}

/** One day of one row: the time typed, checked, and saved when the cell is left. */
function DurationCell({ minutes, label, row, column, disabled, onSave, onProblem }: DurationCellProps) {
  const { t } = useTimeT();
  const shown = minutes ? formatDuration(minutes) : '';
  const [text, setText] = useState(shown);
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  /** The text being saved: leaving the cell and Enter must not save it twice. */
  const saving = useRef<string | null>(null);

  function fail(problem: string) {
    setError(problem);
    onProblem(`${label}: ${problem}`);
  }

  async function commit() {
    if (text.trim() === shown || saving.current === text) return;
    const value = text.trim() === '' ? 0 : parseDuration(text);
    if (value === null) return fail(t('weekGrid.typeTime'));
    if (value > MINUTES_PER_DAY) return fail(t('weekGrid.dayTooLong'));
    setError(null);
    setIsSaving(true);
    saving.current = text;
    const problem = await onSave(value);
    saving.current = null;
    setIsSaving(false);
    if (problem) fail(problem);
    else setText(value ? formatDuration(value) : '');
  }

  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      // Moving on saves the cell as it is left; on the last row it is saved where it is.
      if (!focusCell(row + 1, column)) void commit();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      focusCell(row + (event.key === 'ArrowDown' ? 1 : -1), column);
    } else if (event.key === 'Escape') {
      setText(shown);
      setError(null);
    }
  }

  return (
    <Box
      component="input"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        setError(null);
      }}
      onBlur={() => void commit()}
      onKeyDown={handleKeyDown}
      disabled={disabled || isSaving}
      inputMode="decimal"
      autoComplete="off"
      aria-label={label}
      aria-invalid={error ? true : undefined}
      aria-describedby={HINT_ID}
      title={error ?? undefined}
      placeholder={disabled ? '' : '0:00'}
      data-cell={`${row}:${column}`}
      data-testid="duration-cell"
      sx={{
        width: 56,
        height: 36,
        boxSizing: 'border-box',
        textAlign: 'center',
        font: 'inherit',
        fontVariantNumeric: 'tabular-nums',
        border: '1px solid',
        borderColor: error ? 'error.main' : 'divider',
        borderRadius: 1,
        bgcolor: disabled ? 'action.hover' : 'background.paper',
        color: 'text.primary',
        '&::placeholder': { color: 'text.secondary', opacity: 1 },
        '&:focus': { outline: '2px solid', outlineColor: 'primary.main', outlineOffset: 1 },
        '&:disabled': { color: 'text.secondary' },
      }}
    />
  );
}
