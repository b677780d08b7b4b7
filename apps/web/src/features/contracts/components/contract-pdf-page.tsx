import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ListLoading, RecordError } from '../../../components/list-states';
import { MAIN_CONTENT_ID, SkipLink } from '../../../components/plain/skip-link';
import { useContract } from '../api/get-contract';
import { POINTS_BACK, useContractsT } from '../i18n';
import { downloadContract } from '../utils/contract-links';
import { ContractStatusChip } from './contract-status-chip';
import { PdfViewer } from './pdf-viewer';

/** The contract PDF on its own page: full height, with Back and Download (the sealed file once signed, a preview before). */
export function ContractPdfPage({ contractId, backTo }: { contractId: string; backTo: string }) {
  const { t } = useContractsT();
  const contract = useContract(contractId);
  const c = contract.data;

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: '#e9edf3', display: 'flex', flexDirection: 'column' }} data-testid="contract-pdf-page">
      <SkipLink />
      <AppBar position="sticky" color="inherit" elevation={1}>
        {/* On a phone the title takes its own line under Back and Download rather than being squeezed out. */}
        <Toolbar sx={{ gap: 1, minHeight: { xs: 56 }, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: { xs: 1, sm: 0 } }}>
          <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon sx={POINTS_BACK} />} data-testid="pdf-back">
            {t('actions.back')}
          </Button>
          <Box
            sx={{
              flex: { xs: '1 1 100%', sm: 1 },
              order: { xs: 1, sm: 0 },
              minWidth: 0,
              display: 'flex',
              alignItems: 'center',
              gap: 1,
            }}
          >
            <Typography
              component="h1"
              sx={{
                fontWeight: 700,
                minWidth: 0,
                overflowWrap: 'anywhere',
                whiteSpace: { sm: 'nowrap' },
                overflow: { sm: 'hidden' },
                textOverflow: { sm: 'ellipsis' },
              }}
              data-testid="pdf-title"
            >
              {c?.title ?? t('pageTitles.contract')}
            </Typography>
            {c && <ContractStatusChip status={c.status} />}
          </Box>
          {c?.pdf_url && (
            <Button
              onClick={() => void downloadContract(c)}
              variant="contained"
              startIcon={<DownloadIcon />}
              sx={{ ml: { xs: 'auto', sm: 0 } }}
              data-testid="pdf-download"
            >
              {t('actions.download')}
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, p: { xs: 1, sm: 3 } }}>
        {contract.isPending ? (
          <ListLoading label={t('loading.contract')} />
        ) : contract.isError ? (
          <RecordError
            error={contract.error}
            missingText={t('missing.notYours')}
            onRetry={() => void contract.refetch()}
            data-testid="contract-missing"
          />
        ) : !c?.pdf_url ? (
          <Alert severity="info">{t('pdf.notForYou')}</Alert>
        ) : (
          <PdfViewer url={c.pdf_url} title={c.title} />
        )}
      </Box>
    </Box>
  );
}
