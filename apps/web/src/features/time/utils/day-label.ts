import { formatDayMonth, formatLongDay, formatWeekday } from '@agency/schema';

/** "Mon" and "24 Nov" of a calendar day, as the grid's column heads show them. */
export const weekdayOf = (day: string) => formatWeekday(day);
export const dayMonthOf = (day: string) => formatDayMonth(day);
/** "Monday 24 November", for what a screen reader says of a cell. */
export const longDayOf = (day: string) => formatLongDay(day);
