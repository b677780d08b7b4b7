import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { ISO_WEEK, weekMonday } from '@agency/schema';
import { PageHeading } from '../../components/page-heading';
import { PageTitle } from '../../features/config/components/page-title';
import { WeekGrid } from '../../features/time/components/week-grid';
import { today, weekOf } from '../../features/time/utils/week-grid';
import { useAgencyTimeZone } from '../../features/time/hooks/use-agency-time-zone';
import { useTimeT } from '../../features/time/i18n';

/** /employee/timesheet: the signed-in employee's week of time (`?week=2026-W48`; this week without it). */
export function TimesheetRoute() {
  const { t } = useTimeT();
  const [params, setParams] = useSearchParams();
  const asked = params.get('week') ?? '';
  const timeZone = useAgencyTimeZone();
  const week = ISO_WEEK.test(asked) && weekMonday(asked) ? asked : weekOf(today(timeZone));
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <PageTitle title={t('pages.timesheetTitle')} />
      <PageHeading title={t('pages.timesheetTitle')}>{t('pages.timesheetIntro')}</PageHeading>
      <WeekGrid key={week} week={week} onWeekChange={(next) => setParams({ week: next }, { preventScrollReset: true })} />
    </Box>
  );
}
