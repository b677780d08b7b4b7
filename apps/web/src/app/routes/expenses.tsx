import Box from '@mui/material/Box';
import { PageHeading } from '../../components/page-heading';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { ExpensesPanel } from '../../features/time/components/expenses-panel';
import { useTimeT } from '../../features/time/i18n';

/** /expenses: money spent on projects, with receipts; employees submit theirs, staff also approve everyone's. */
export function ExpensesRoute() {
  const { t } = useTimeT();
  const { user } = useAuth();
  if (!user) return null;
  const isStaff = user.role === 'admin' || user.role === 'superadmin';
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <PageTitle title={t('pages.expensesTitle')} />
      <PageHeading title={t('pages.expensesTitle')}>{t('pages.expensesIntro')}</PageHeading>
      <ExpensesPanel me={user.id} canDecide={isStaff} canDecideOwn={user.role === 'superadmin'} />
    </Box>
  );
}
