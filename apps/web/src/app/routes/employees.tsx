import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { AdminAccounts } from '../../features/admins/components/admin-accounts';
import { PageTitle } from '../../features/config/components/page-title';
import { CreateInvitationForm } from '../../features/invitations/components/create-invitation-form';
import { CostRateButton, CostRateEditor } from '../../features/time/components/cost-rate-button';
import { PendingInvitations } from '../../features/invitations/components/pending-invitations';
import { PageHeading } from '../../components/page-heading';
import { SectionCard } from '../../components/section-card';

/** /employees: invite team leads and team members, disable or enable them, manage pending invitations. */
export function EmployeesRoute() {
  const [costing, setCosting] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <PageTitle title="Employees" />
      <PageHeading title="Employees">Team leads and team members deliver the projects. Invite them by e-mail.</PageHeading>
      <Stack spacing={3}>
        <SectionCard title="Invite an employee" data-testid="invite-employee">
          <Box sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}>
            <CreateInvitationForm roles={['teamlead', 'teammember']} />
          </Box>
        </SectionCard>
        <AdminAccounts audience="employee" rowAction={(account) => <CostRateButton person={account} onOpen={setCosting} />} />
        <CostRateEditor person={costing} onClose={() => setCosting(null)} />
        <PendingInvitations audience="employee" />
      </Stack>
    </>
  );
}
