import { formatDate, formatDuration, parseDuration, type Card } from '@agency/schema';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';

import { ListError, ListLoading } from '../../../components/list-states';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { createEntry } from '../api/create-entry';
import { useCurrentTimer } from '../api/get-current-timer';
import { useEntries } from '../api/list-entries';
import { useStartTimer } from '../api/start-timer';
import { useStopTimer } from '../api/stop-timer';
import { today } from '../utils/week-grid';
import { TimeStatusChip } from './time-status-chip';
import { useAgencyTimeZone } from '../hooks/use-agency-time-zone';
import { describeDuration, useTimeT } from '../i18n';

type CardTimePanelProps = {
  card: Pick<Card, 'id' | 'project_id' | 'title'>;
  /** Whether the signed-in person tracks time (team leads and members; staff only read it). */
  canTrack: boolean;
};

/** A card's time: start or stop a timer on it, add time by hand, and the time spent on it so far. */
export function CardTimePanel({ card, canTrack }: CardTimePanelProps) {
  const { t } = useTimeT();
  const entries = useEntries({ card_id: card.id, limit: 50 });
  return (
    <Box sx={{ display: 'grid', gap: 2.5 }} data-testid="card-time">
      {canTrack && <TimerControl card={card} />}
      {canTrack && <AddTimeForm card={card} />}
      <Box component="section" aria-label={t('cardTime.onThisCard')}>
        <Typography component="h3" sx={{ fontWeight: 700, fontSize: '0.9rem', mb: 1 }}>
          {t('cardTime.onThisCard')}
          {entries.data && (
            <Box component="span" sx={{ fontWeight: 400, color: 'text.secondary' }} data-testid="card-time-total">
              {' '}
              · {t('cardTime.inAll', { duration: describeDuration(entries.data.total_minutes) })}
            </Box>
          )}
        </Typography>
        {entries.isPending ? (
          <ListLoading label={t('cardTime.loading')} />
        ) : entries.isError ? (
          <ListError message={errorMessage(entries.error)} onRetry={() => void entries.refetch()} />
        ) : entries.data.items.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('cardTime.none')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {entries.data.items.map((entry) => (
              <ListItem
                key={entry.id}
                disableGutters
                divider
                data-testid="card-time-entry"
                secondaryAction={<TimeStatusChip status={entry.status} />}
              >
                <ListItemText
                  primary={`${formatDuration(entry.minutes)} · ${entry.user.name}`}
                  secondary={`${formatDate(entry.date)}${entry.note ? ` · ${entry.note}` : ''}`}
                  sx={{ pr: 12 }}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Box>
    </Box>
  );
}

function TimerControl({ card }: { card: CardTimePanelProps['card'] }) {
  const { t } = useTimeT();
  const timer = useCurrentTimer();
  const start = useStartTimer();
  const stop = useStopTimer();
  const isHere = timer.data?.card_id === card.id;
  const onError = (error: unknown) => notify.error(errorMessage(error));

  if (isHere) {
    return (
      <Button
        variant="contained"
        color="error"
        startIcon={<StopIcon />}
        onClick={() =>
          stop.mutate(undefined, {
            onSuccess: ({ entry }) => notify.success(t('cardTime.addedToCard', { duration: describeDuration(entry.minutes) })),
            onError,
          })
        }
        loading={stop.isPending}
        sx={{ justifySelf: 'start' }}
        data-testid="card-stop-timer"
      >
        {t('cardTime.stopTimer')}
      </Button>
    );
  }
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <Button
        variant="contained"
        startIcon={<PlayArrowIcon />}
        onClick={() =>
          start.mutate({ card_id: card.id }, { onSuccess: () => notify.success(t('cardTime.timerStarted', { title: card.title })), onError })
        }
        loading={start.isPending}
        disabled={timer.isPending}
        data-testid="card-start-timer"
      >
        {t('cardTime.startTimer')}
      </Button>
      {timer.data && (
        <Typography variant="caption" color="text.secondary">
          {t('cardTime.otherTimer', { what: timer.data.card_title ?? timer.data.project_title })}
        </Typography>
      )}
    </Box>
  );
}

function AddTimeForm({ card }: { card: CardTimePanelProps['card'] }) {
  const { t } = useTimeT();
  const timeZone = useAgencyTimeZone();
  const queryClient = useQueryClient();
  const [date, setDate] = useState(() => today(timeZone));
  const [duration, setDuration] = useState('');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const minutes = parseDuration(duration);
    if (!minutes) return setError(t('cardTime.typeTime'));
    setError(null);
    setIsSaving(true);
    try {
      await createEntry({ card_id: card.id, date, minutes, note: note.trim() || undefined });
      notify.success(t('cardTime.addedToCard', { duration: describeDuration(minutes) }));
      setDuration('');
      setNote('');
      await queryClient.invalidateQueries({ queryKey: queryKeys.time.all, predicate: (q) => q.queryKey[1] !== 'timer' });
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setIsSaving(false);
    }
  }

  return (
    <Box
      component="form"
      onSubmit={handleSubmit}
      aria-label={t('cardTime.addTime')}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        label={t('cardTime.day')}
        type="date"
        size="small"
        value={date}
        onChange={(event) => setDate(event.target.value)}
        sx={{ width: 170 }}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today(timeZone) } }}
      />
      <TextField
        label={t('cardTime.time')}
        size="small"
        value={duration}
        onChange={(event) => setDuration(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? t('cardTime.timeHelp')}
        sx={{ width: 120 }}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'card-time-duration' } }}
      />
      <TextField label={t('cardTime.note')} size="small" value={note} onChange={(event) => setNote(event.target.value)} sx={{ flex: '1 1 160px' }} />
      <Button type="submit" variant="outlined" loading={isSaving} sx={{ mt: 0.25 }} data-testid="card-time-add">
        {t('cardTime.addTime')}
      </Button>
    </Box>
  );
}
