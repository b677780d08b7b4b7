import type { Contract } from '@agency/schema';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useRef } from 'react';
import { Link as RouterLink } from 'react-router';
import { ListLoading, RecordError } from '../../../components/list-states';
import { formatDateTime } from '../../../lib/format';
import { useContract } from '../api/get-contract';
import { useMarkContractViewed } from '../api/mark-contract-viewed';
import { POINTS_BACK, useContractsT } from '../i18n';
import { ContractDocument } from './contract-document';
import { ContractMeta } from './contract-meta';
import { ContractPdfActions } from './contract-pdf-actions';
import { ContractStatusChip } from './contract-status-chip';
import { SignContractPanel } from './sign-contract-panel';

type ContractReaderProps = { contractId: string; userId: string; back: { to: string; label: string } };

/**
 * One contract for the person who signs it (the document, and the signing panel while it awaits signature), and for
 * the colleagues of a client's company who may read it.
 */
export function ContractReader({ contractId, userId, back }: ContractReaderProps) {
  const { t } = useContractsT();
  const contract = useContract(contractId);
  const markViewed = useMarkContractViewed();
  const recorded = useRef<string | null>(null);
  const data = contract.data;
  const isSigner = data?.signer.id === userId;

  // Opening a contract that awaits signature tells the agency it was seen (once; the server keeps the first time).
  useEffect(() => {
    if (!data || !isSigner || data.status !== 'sent' || data.viewed_at || recorded.current === data.id) return;
    recorded.current = data.id;
    markViewed.mutate(data.id);
  }, [data, isSigner, markViewed]);

  const backLink = (
    <Button
      component={RouterLink}
      to={back.to}
      startIcon={<ArrowBackIcon sx={POINTS_BACK} />}
      sx={{ alignSelf: 'flex-start' }}
      data-testid="contract-back"
    >
      {back.label}
    </Button>
  );

  if (contract.isPending) return <ListLoading label={t('loading.contract')} />;
  if (contract.isError) {
    return (
      <Stack spacing={2}>
        {backLink}
        <RecordError
          error={contract.error}
          missingText={t('missing.notYours')}
          onRetry={() => void contract.refetch()}
          data-testid="contract-missing"
        />
      </Stack>
    );
  }
  const c: Contract = contract.data;

  return (
    <Stack spacing={3} data-testid="contract-reader" data-contract-id={c.id}>
      {backLink}
      <Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}>
          <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}>
            {c.title}
          </Typography>
          <Box>
            <ContractStatusChip status={c.status} size="medium" />
          </Box>
        </Stack>
        <Typography color="text.secondary" sx={{ mt: 0.5 }}>
          {c.project_title}
        </Typography>
      </Box>

      {c.status === 'signed' && (
        <Alert
          severity="success"
          icon={<TaskAltIcon />}
          data-testid="signed-state"
          sx={{ alignItems: 'center', '& .MuiAlert-message': { width: '100%' } }}
        >
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={1.5} sx={{ alignItems: { md: 'center' }, justifyContent: 'space-between' }}>
            <Box>
              <Typography sx={{ fontWeight: 700 }}>{c.signature ? t('reader.signedBy', { name: c.signature.name }) : t('reader.signed')}</Typography>
              <Typography variant="body2">{t('reader.signedNote', { date: c.signed_at ? formatDateTime(c.signed_at) : '' })}</Typography>
            </Box>
            <ContractPdfActions contract={c} />
          </Stack>
        </Alert>
      )}
      {c.status === 'sent' && isSigner && c.expires_at && (
        <Alert severity="info">{t('reader.signBefore', { date: formatDateTime(c.expires_at) })}</Alert>
      )}
      {/* A company's owners and billing people read the contracts a colleague signs. */}
      {c.status === 'sent' && !isSigner && (
        <Alert severity="info" data-testid="awaiting-signer">
          {c.expires_at
            ? t('reader.waitingBefore', { name: c.signer.name, date: formatDateTime(c.expires_at) })
            : t('reader.waiting', { name: c.signer.name })}
        </Alert>
      )}
      {c.status === 'void' && (
        <Alert severity="warning">{c.void_reason ? t('reader.withdrawnReason', { reason: c.void_reason }) : t('reader.withdrawn')}</Alert>
      )}
      {c.status === 'expired' && <Alert severity="warning">{t('reader.expired')}</Alert>}

      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 300px' }, alignItems: 'start' }}>
        <ContractDocument html={c.body_html} />
        <Card sx={{ p: 2.5 }}>
          <Stack spacing={2}>
            <ContractMeta contract={c} />
            {c.status !== 'signed' && <ContractPdfActions contract={c} size="small" />}
          </Stack>
        </Card>
      </Box>

      {c.status === 'sent' && isSigner && (
        <Card sx={{ p: { xs: 2, sm: 3 } }}>
          <SignContractPanel contract={c} onSigned={() => window.scrollTo({ top: 0, behavior: 'smooth' })} />
        </Card>
      )}
    </Stack>
  );
}
