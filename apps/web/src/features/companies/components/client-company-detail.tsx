import type { CompanyDetail, CompanyMember } from '@agency/schema';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty, ListLoading, RecordError } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate } from '../../../lib/format';
import { useClientCompany } from '../api/get-client-company';
import { CompanyFacts } from './company-details-card';
import { useCompaniesT } from '../i18n';
import { CompanyRoleChip } from './company-role-chip';

function memberColumns(t: ReturnType<typeof useCompaniesT>['t']): DataColumn<CompanyMember>[] {
  return [
    {
      id: 'name',
      header: t('columns.name'),
      cell: (member) => (
        <>
          <Box component="span" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {member.name}
          </Box>
          {member.status === 'disabled' && <Chip size="small" label={t('detail.removed')} sx={{ ml: 1 }} />}
        </>
      ),
      minWidth: 170,
      card: 'title',
    },
    { id: 'email', header: t('columns.email'), cell: (member) => member.email, minWidth: 200, priority: 2, cellSx: { overflowWrap: 'anywhere' } },
    { id: 'role', header: t('columns.role'), cell: (member) => <CompanyRoleChip role={member.company_role} />, minWidth: 110, card: 'aside' },
    {
      id: 'joined',
      header: t('columns.joined'),
      cell: (member) => formatDate(member.created_at),
      minWidth: 120,
      priority: 3,
      cellSx: { whiteSpace: 'nowrap' },
    },
  ];
}

type ClientCompanyDetailProps = {
  companyId: string;
  back: { to: string; label: string };
  /** The company's projects, as the projects feature lists them. */
  renderProjects: (detail: CompanyDetail) => ReactNode;
  /** The invoices of those projects. */
  renderInvoices: (detail: CompanyDetail) => ReactNode;
};

/** One client company for staff: its details, its people with their roles, its projects and invoices. */
export function ClientCompanyDetail({ companyId, back, renderProjects, renderInvoices }: ClientCompanyDetailProps) {
  const { t } = useCompaniesT();
  const query = useClientCompany(companyId);
  const backLink = (
    <Button component={Link} to={back.to} startIcon={<ArrowBackIcon sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />} sx={{ mb: 2, ml: -1 }}>
      {back.label}
    </Button>
  );
  if (query.isPending) {
    return (
      <>
        {backLink}
        <ListLoading label={t('detail.loading')} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {backLink}
        <RecordError error={query.error} missingText={t('detail.missing')} onRetry={() => void query.refetch()} data-testid="company-missing" />
      </>
    );
  }
  const detail = query.data;
  const { company } = detail;
  return (
    <Box data-testid="client-company" data-company-id={company.id}>
      {backLink}
      <Box sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }} data-testid="company-name">
          {company.name}
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {t('detail.clientSince', { date: formatDate(company.created_at) })}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', xl: 'minmax(0, 1fr) 360px' }, alignItems: 'start' }}>
        {/* First to read; beside the lists only where they still have room for their tables. */}
        <Box sx={{ gridColumn: { xl: 2 }, gridRow: { xl: 1 }, minWidth: 0 }}>
          <SectionCard title={t('detail.details')} data-testid="company-details">
            <Box sx={{ p: { xs: 2, sm: 3 } }}>
              <CompanyFacts company={company} />
            </Box>
          </SectionCard>
        </Box>
        <Box sx={{ display: 'grid', gap: 3, minWidth: 0, gridColumn: { xl: 1 }, gridRow: { xl: 1 } }}>
          <SectionCard title={t('detail.peopleTitle', { n: detail.members.length })} data-testid="company-members">
            <DataTable
              columns={memberColumns(t)}
              rows={detail.members}
              getRowId={(member) => member.id}
              label={t('detail.peopleLabel')}
              empty={<ListEmpty icon={<GroupOutlinedIcon />} title={t('detail.nobody')} />}
              rowTestId="member-row"
            />
          </SectionCard>
          {renderProjects(detail)}
          {renderInvoices(detail)}
        </Box>
      </Box>
    </Box>
  );
}
