import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import TimerOutlinedIcon from '@mui/icons-material/TimerOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import type { Timer } from '@agency/schema';
import { useCurrentTimer } from '../api/get-current-timer';
import { useStopTimer } from '../api/stop-timer';
import { describeDuration, useTimeT } from '../i18n';

/** Seconds as a running clock: `0:07:05`. */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  return `${Math.floor(s / 3600)}:${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}:${String(s % 60).padStart(2, '0')}`;
}

/** The seconds a timer has run, counted on from what the server said when it was read. */
function useElapsed(timer: Timer | null | undefined, readAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!timer) return;
    const tick = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(tick);
  }, [timer]);
  return timer ? timer.elapsed_seconds + Math.max(0, now - readAt) / 1000 : 0;
}

/**
 * The running timer in the app bar, on every signed-in screen of a person who tracks time: what it runs on, for how
 * long, and a button that stops it from anywhere. It is read from the server, so it is there again after a reload.
 */
export function TimerIndicator() {
  const { t } = useTimeT();
  const query = useCurrentTimer();
  const stop = useStopTimer();
  const timer = query.data;
  const elapsed = useElapsed(timer, query.dataUpdatedAt);
  if (!timer) return null;
  const what = timer.card_title ?? timer.project_title;

  const handleStop = () =>
    stop.mutate(undefined, {
      onSuccess: ({ entry }) =>
        notify.success(t('timer.stopped', { duration: describeDuration(entry.minutes), what: entry.card_title ?? entry.project_title })),
      onError: (error) => notify.error(errorMessage(error)),
    });

  return (
    <Box
      role="group"
      aria-label={t('timer.running')}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.5,
        flexShrink: 0,
        border: '1px solid rgb(255 255 255 / 24%)',
        borderRadius: 2,
        pl: 1,
        color: '#fff',
      }}
      data-testid="running-timer"
    >
      <TimerOutlinedIcon fontSize="small" aria-hidden="true" sx={{ display: { xs: 'none', sm: 'block' } }} />
      <Box
        component="span"
        sx={{ fontVariantNumeric: 'tabular-nums', fontWeight: 700 }}
        role="timer"
        data-testid="timer-clock"
        aria-label={t('timer.runningFor', { duration: describeDuration(Math.floor(elapsed / 60)) })}
      >
        {formatClock(elapsed)}
      </Box>
      <Box
        component="span"
        title={what}
        sx={{
          display: { xs: 'none', lg: 'inline' },
          maxWidth: 180,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          opacity: 0.8,
        }}
        data-testid="timer-target"
      >
        {what}
      </Box>
      <Button
        color="inherit"
        size="small"
        onClick={handleStop}
        loading={stop.isPending}
        startIcon={<StopCircleOutlinedIcon />}
        aria-label={t('timer.stopOn', { what })}
        data-testid="stop-timer"
        sx={{ minWidth: 0, px: 1, '& .MuiButton-startIcon': { mr: { xs: 0, sm: 0.5 } } }}
      >
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('timer.stop')}
        </Box>
      </Button>
    </Box>
  );
}
