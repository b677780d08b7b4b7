import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { ExpensesPanel } from '../../features/time/components/expenses-panel';
import { TimesheetApprovals } from '../../features/time/components/timesheet-approvals';
import { useTimeT } from '../../features/time/i18n';

/**
 * /time-approvals: the weeks waiting for a decision. A team lead decides their members' weeks on the projects they
 * lead; staff decide the leads' weeks (and any other), and on the Expenses tab (`?tab=expenses`) the submitted expenses.
 */
export function TimeApprovalsRoute() {
  const { t } = useTimeT();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  const isStaff = user.role === 'admin' || user.role === 'superadmin';
  const tab = isStaff && params.get('tab') === 'expenses' ? 'expenses' : 'weeks';
  const title = isStaff ? t('pages.approvalsStaffTitle') : t('pages.approvalsLeadTitle');
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageTitle title={title} />
      <PageHeading title={title}>{isStaff ? t('pages.approvalsStaffIntro') : t('pages.approvalsLeadIntro')}</PageHeading>
      {isStaff && (
        <Tabs
          value={tab}
          onChange={(_event, value: string) => setParams(value === 'expenses' ? { tab: value } : {}, { replace: true })}
          aria-label={t('pages.approvalsTabs')}
        >
          <Tab value="weeks" label={t('pages.weeksTab')} data-testid="tab-weeks" />
          <Tab value="expenses" label={t('pages.expensesTab')} data-testid="tab-expenses" />
        </Tabs>
      )}
      {tab === 'weeks' ? (
        <TimesheetApprovals />
      ) : (
        <ExpensesPanel me={user.id} canDecide canDecideOwn={user.role === 'superadmin'} canRecord={false} />
      )}
    </Box>
  );
}
