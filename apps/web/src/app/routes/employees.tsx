import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { AdminAccounts } from '../../features/admins/components/admin-accounts';
import { PageTitle } from '../../features/config/components/page-title';
import { CreateInvitationForm } from '../../features/invitations/components/create-invitation-form';
import { CostRateButton, CostRateEditor } from '../../features/time/components/cost-rate-button';
import { useTimeT } from '../../features/time/i18n';
import { PendingInvitations } from '../../features/invitations/components/pending-invitations';
import { PageHeading } from '../../components/page-heading';
import { SectionCard } from '../../components/section-card';

/** /employees: invite team leads and team members, disable or enable them, manage pending invitations. */
export function EmployeesRoute() {
  const { t } = useTimeT();
  const [costing, setCosting] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <PageTitle title={t('pages.employeesTitle')} />
      <PageHeading title={t('pages.employeesTitle')}>{t('pages.employeesIntro')}</PageHeading>
      <Stack spacing={3}>
        <SectionCard title={t('pages.inviteEmployee')} data-testid="invite-employee">
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
