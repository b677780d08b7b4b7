import english from '../../locales/en-GB/time.json';
import { catalogue, i18n } from '../../i18n';

export const useTimeT = catalogue('time', english);

/** Minutes as people read them in messages, in the reader's language: `1h 30m`, `45m`, `8h`. */
export function describeDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return i18n.t('time:duration.minutes', { m });
  return m === 0 ? i18n.t('time:duration.hours', { h }) : i18n.t('time:duration.hoursMinutes', { h, m });
}
