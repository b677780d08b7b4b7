const WEEKDAY = new Intl.DateTimeFormat('en-GB', { weekday: 'short', timeZone: 'UTC' });
const DAY_MONTH = new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', timeZone: 'UTC' });
const LONG = new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });

const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Mon" and "24 Nov" of a calendar day, as the grid's column heads show them. */
export const weekdayOf = (day: string) => WEEKDAY.format(at(day));
export const dayMonthOf = (day: string) => DAY_MONTH.format(at(day));
/** "Monday 24 November", for what a screen reader says of a cell. */
export const longDayOf = (day: string) => LONG.format(at(day));
