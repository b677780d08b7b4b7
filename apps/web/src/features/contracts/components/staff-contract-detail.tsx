import type { Role } from '@agency/schema';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ListLoading, RecordError } from '../../../components/list-states';
import { useContract } from '../api/get-contract';
import { POINTS_BACK, useContractsT } from '../i18n';
import { AuditTrail } from './audit-trail';
import { ContractActions } from './contract-actions';
import { ContractDocument } from './contract-document';
import { ContractMeta } from './contract-meta';
import { ContractStatusChip } from './contract-status-chip';

/** One contract for staff: the document (live while a draft, frozen once sent), its actions and audit trail. */
export function StaffContractDetail({ contractId, role, back }: { contractId: string; role: Role; back: { to: string; label: string } }) {
  const { t } = useContractsT();
  const contract = useContract(contractId);
  const backLink = (
    <Button component={RouterLink} to={back.to} startIcon={<ArrowBackIcon sx={POINTS_BACK} />} sx={{ alignSelf: 'flex-start' }}>
      {back.label}
    </Button>
  );
  if (contract.isPending) return <ListLoading label={t('loading.contract')} />;
  if (contract.isError)
    return (
      <Stack spacing={2}>
        {backLink}
        <RecordError error={contract.error} missingText={t('missing.staff')} onRetry={() => void contract.refetch()} data-testid="contract-missing" />
      </Stack>
    );
  const c = contract.data;
  return (
    <Stack spacing={3} data-testid="staff-contract-detail" data-contract-id={c.id}>
      {backLink}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Box sx={{ minWidth: 0 }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}>
            {c.title}
          </Typography>
          <Typography color="text.secondary">
            {c.project_title} · {c.client.name}
          </Typography>
        </Box>
        <Box>
          <ContractStatusChip status={c.status} size="medium" />
        </Box>
      </Stack>
      <ContractActions contract={c} role={role} size="medium" />
      {c.status === 'draft' && <Alert severity="info">{t('staffDetail.draftNote')}</Alert>}
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 340px' }, alignItems: 'start' }}>
        <ContractDocument html={c.body_html} />
        <Stack spacing={3}>
          <Card sx={{ p: 2.5 }}>
            <ContractMeta contract={c} />
            {c.document_sha256 && (
              <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 1.5, overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
                {t('staffDetail.fingerprint', { hash: c.document_sha256 })}
              </Typography>
            )}
          </Card>
          <Card sx={{ p: 2.5 }}>
            <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
              {t('staffDetail.auditTrail')}
            </Typography>
            <AuditTrail contractId={c.id} />
          </Card>
        </Stack>
      </Box>
    </Stack>
  );
}
