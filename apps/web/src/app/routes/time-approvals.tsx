import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { ExpensesPanel } from '../../features/time/components/expenses-panel';
import { TimesheetApprovals } from '../../features/time/components/timesheet-approvals';

/**
 * /time-approvals: the weeks waiting for a decision. A team lead decides their members' weeks on the projects they
 * lead; staff decide the leads' weeks (and any other), and on the Expenses tab (`?tab=expenses`) the submitted expenses.
 */
export function TimeApprovalsRoute() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  if (!user) return null;
  const isStaff = user.role === 'admin' || user.role === 'superadmin';
  const tab = isStaff && params.get('tab') === 'expenses' ? 'expenses' : 'weeks';
  const title = isStaff ? 'Time & expenses' : 'Time approvals';
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <PageTitle title={title} />
      <PageHeading title={title}>
        {isStaff
          ? 'Approve the weeks people submit and the expenses they spend, or send them back with a reason. Approved time and expenses can then be billed.'
          : 'Your team members’ weeks on the projects you lead. Approve them, or send them back saying what needs changing.'}
      </PageHeading>
      {isStaff && (
        <Tabs
          value={tab}
          onChange={(_event, value: string) => setParams(value === 'expenses' ? { tab: value } : {}, { replace: true })}
          aria-label="What to approve"
        >
          <Tab value="weeks" label="Weeks" data-testid="tab-weeks" />
          <Tab value="expenses" label="Expenses" data-testid="tab-expenses" />
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
