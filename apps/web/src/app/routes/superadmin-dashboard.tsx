import { localDay } from '@agency/schema';
import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import BuildOutlinedIcon from '@mui/icons-material/BuildOutlined';
import FactCheckOutlinedIcon from '@mui/icons-material/FactCheckOutlined';
import FolderCopyOutlinedIcon from '@mui/icons-material/FolderCopyOutlined';
import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import ReceiptLongOutlinedIcon from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { PersonCard } from '../../features/dashboards/components/person-card';
import { ShortcutGrid, type Shortcut } from '../../features/dashboards/components/shortcut-grid';
import { WelcomeCard } from '../../features/dashboards/components/welcome-card';
import { useUnreadMessageCount } from '../../features/messaging/api/get-unread-count';
import { useProjectSummary } from '../../features/projects/api/get-project-summary';
import { InvoiceTotalsPanel } from '../../features/invoices/components/invoice-totals-panel';
import { ProjectSummaryPanel } from '../../features/projects/components/project-summary-panel';
import { SectionCard } from '../../components/section-card';
import { ProposalPipeline } from '../../features/proposals/components/proposal-pipeline';
import { paths } from '../../lib/paths';
import { projectPathFor } from '../../lib/project-links';

// The forecast and its chart are fetched after the dashboard's first paint.
const RevenueForecastCard = lazy(() =>
  import('../../features/recurring-invoices/components/revenue-forecast-card').then((m) => ({ default: m.RevenueForecastCard })),
);

const SHORTCUTS: readonly Shortcut[] = [
  {
    to: paths.superadmin.projectApproval,
    title: 'Project approval',
    description: 'Review new projects, approve them with a team or reject them with a reason.',
    icon: <FactCheckOutlinedIcon />,
  },
  {
    to: paths.superadmin.replyMessage,
    title: 'Messages',
    description: 'Every conversation with clients, newest first; reply in the chat.',
    icon: <ForumOutlinedIcon />,
  },
  {
    to: paths.staff.projects,
    title: 'All projects',
    description: 'Every project with its files, team and history; start, complete or cancel.',
    icon: <FolderCopyOutlinedIcon />,
  },
  {
    to: paths.superadmin.invoices,
    title: 'Invoices',
    description: 'Every invoice, totals and revenue by month; record payments, refund, void, export CSV.',
    icon: <ReceiptLongOutlinedIcon />,
  },
  {
    to: paths.staff.employees,
    title: 'Employees',
    description: 'Invite team leads and team members, and disable or enable their accounts.',
    icon: <BadgeOutlinedIcon />,
  },
  {
    to: paths.staff.toolRequests,
    title: 'Tool requests',
    description: 'Approve, decline or fulfil the tools clients ask for.',
    icon: <BuildOutlinedIcon />,
  },
  {
    to: paths.superadmin.createAdmin,
    title: 'Create admin',
    description: 'Invite a new admin by e-mail and copy the sign-up link.',
    icon: <PersonAddAltOutlinedIcon />,
  },
  {
    to: paths.superadmin.adminList,
    title: 'Admin list',
    description: 'See every admin, disable or enable accounts, and manage pending invitations.',
    icon: <GroupOutlinedIcon />,
  },
];

function PendingApprovalsLink() {
  const pending = useProjectSummary().data?.pending ?? 0;
  return (
    <Button
      component={Link}
      to={paths.superadmin.projectApproval}
      variant={pending > 0 ? 'contained' : 'outlined'}
      data-testid="pending-approvals-link"
    >
      {pending === 1 ? '1 project waiting for approval' : `${pending} projects waiting for approval`}
    </Button>
  );
}

/** Unread client messages, with the way to the inbox: the owner answers clients from here. */
function MessagesCard() {
  const unread = useUnreadMessageCount();
  return (
    <SectionCard
      title="Messages"
      subtitle="What clients wrote to you about their projects"
      action={
        <Button
          component={Link}
          to={paths.superadmin.replyMessage}
          variant={unread > 0 ? 'contained' : 'outlined'}
          data-testid="dashboard-messages-link"
        >
          Open the inbox
        </Button>
      }
      data-testid="dashboard-messages"
    >
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="body1" data-testid="dashboard-unread-messages">
          {unread === 0 ? 'No unread messages' : unread === 1 ? '1 unread message' : `${unread} unread messages`}
        </Typography>
      </Box>
    </SectionCard>
  );
}

export function SuperadminDashboardRoute() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="dashboard">
      <PageTitle title="Super admin dashboard" />
      <WelcomeCard name={user.name}>You run the agency from here. Pick a screen below to get started.</WelcomeCard>
      <MessagesCard />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 380px) 1fr' }, alignItems: 'start' }}>
        <PersonCard user={user} />
        <Box>
          <Typography variant="overline" color="text.secondary" component="h2" sx={{ display: 'block', mb: 1 }}>
            Super admin screens
          </Typography>
          <ShortcutGrid shortcuts={SHORTCUTS} />
        </Box>
      </Box>
      <SectionCard
        title="Money owed"
        subtitle="Outstanding and overdue on sent invoices"
        action={
          <Button component={Link} to={paths.superadmin.invoices} variant="outlined" data-testid="dashboard-invoices-link">
            Invoices
          </Button>
        }
        data-testid="dashboard-invoice-totals"
      >
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          <InvoiceTotalsPanel compact />
        </Box>
      </SectionCard>
      <Suspense fallback={null}>
        <RevenueForecastCard today={localDay(new Date(), Intl.DateTimeFormat().resolvedOptions().timeZone)} />
      </Suspense>
      <ProposalPipeline listPath={paths.staff.proposals} />
      <ProjectSummaryPanel
        getDetailPath={(id) => projectPathFor(user.role, id)}
        attentionTitle="Waiting for your approval"
        attentionSubtitle="Oldest first."
        attentionEmpty="No project is waiting for approval"
        countsAction={<PendingApprovalsLink />}
        renderAttentionActions={(project) => (
          <Button component={Link} to={`${paths.superadmin.projectApproval}?id=${encodeURIComponent(project.id)}`} size="small" variant="outlined">
            Review
          </Button>
        )}
      />
    </Box>
  );
}
