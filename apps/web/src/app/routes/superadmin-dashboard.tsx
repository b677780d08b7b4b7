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
import { useDashboardsT } from '../../features/dashboards/i18n';
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

// Each shortcut's title and description are in the catalogue under `shortcuts.<key>`.
const SHORTCUTS = [
  { key: 'projectApproval', to: paths.superadmin.projectApproval, icon: <FactCheckOutlinedIcon /> },
  { key: 'messages', to: paths.superadmin.replyMessage, icon: <ForumOutlinedIcon /> },
  { key: 'projects', to: paths.staff.projects, icon: <FolderCopyOutlinedIcon /> },
  { key: 'invoices', to: paths.superadmin.invoices, icon: <ReceiptLongOutlinedIcon /> },
  { key: 'employees', to: paths.staff.employees, icon: <BadgeOutlinedIcon /> },
  { key: 'toolRequests', to: paths.staff.toolRequests, icon: <BuildOutlinedIcon /> },
  { key: 'createAdmin', to: paths.superadmin.createAdmin, icon: <PersonAddAltOutlinedIcon /> },
  { key: 'adminList', to: paths.superadmin.adminList, icon: <GroupOutlinedIcon /> },
] as const;

function PendingApprovalsLink() {
  const { t } = useDashboardsT();
  const pending = useProjectSummary().data?.pending ?? 0;
  return (
    <Button
      component={Link}
      to={paths.superadmin.projectApproval}
      variant={pending > 0 ? 'contained' : 'outlined'}
      data-testid="pending-approvals-link"
    >
      {t('superadmin.pending', { count: pending })}
    </Button>
  );
}

/** Unread client messages, with the way to the inbox: the owner answers clients from here. */
function MessagesCard() {
  const { t } = useDashboardsT();
  const unread = useUnreadMessageCount();
  return (
    <SectionCard
      title={t('superadmin.messages')}
      subtitle={t('superadmin.messagesSubtitle')}
      action={
        <Button
          component={Link}
          to={paths.superadmin.replyMessage}
          variant={unread > 0 ? 'contained' : 'outlined'}
          data-testid="dashboard-messages-link"
        >
          {t('superadmin.openInbox')}
        </Button>
      }
      data-testid="dashboard-messages"
    >
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="body1" data-testid="dashboard-unread-messages">
          {unread === 0 ? t('superadmin.noUnread') : t('superadmin.unread', { count: unread })}
        </Typography>
      </Box>
    </SectionCard>
  );
}

export function SuperadminDashboardRoute() {
  const { t } = useDashboardsT();
  const { user } = useAuth();
  if (!user) return null;
  const shortcuts: Shortcut[] = SHORTCUTS.map(({ key, to, icon }) => ({
    to,
    icon,
    title: t(`shortcuts.${key}.title`),
    description: t(`shortcuts.${key}.description`),
  }));
  return (
    <Box sx={{ display: 'grid', gap: 3 }} data-testid="dashboard">
      <PageTitle title={t('superadmin.title')} />
      <WelcomeCard name={user.name}>{t('superadmin.welcome')}</WelcomeCard>
      <MessagesCard />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 380px) 1fr' }, alignItems: 'start' }}>
        <PersonCard user={user} />
        <Box>
          <Typography variant="overline" color="text.secondary" component="h2" sx={{ display: 'block', mb: 1 }}>
            {t('superadmin.screens')}
          </Typography>
          <ShortcutGrid shortcuts={shortcuts} />
        </Box>
      </Box>
      <SectionCard
        title={t('moneyOwed.title')}
        subtitle={t('moneyOwed.subtitle')}
        action={
          <Button component={Link} to={paths.superadmin.invoices} variant="outlined" data-testid="dashboard-invoices-link">
            {t('moneyOwed.invoices')}
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
        attentionTitle={t('superadmin.attentionTitle')}
        attentionSubtitle={t('superadmin.attentionSubtitle')}
        attentionEmpty={t('superadmin.attentionEmpty')}
        countsAction={<PendingApprovalsLink />}
        renderAttentionActions={(project) => (
          <Button component={Link} to={`${paths.superadmin.projectApproval}?id=${encodeURIComponent(project.id)}`} size="small" variant="outlined">
            {t('superadmin.review')}
          </Button>
        )}
      />
    </Box>
  );
}
