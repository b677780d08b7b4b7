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
import { downloadContract } from '../utils/contract-links';
import { ContractStatusChip } from './contract-status-chip';
import { PdfViewer } from './pdf-viewer';

/** The contract PDF on its own page: full height, with Back and Download (the sealed file once signed, a preview before). */
export function ContractPdfPage({ contractId, backTo }: { contractId: string; backTo: string }) {
  const contract = useContract(contractId);
  const c = contract.data;

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: '#e9edf3', display: 'flex', flexDirection: 'column' }} data-testid="contract-pdf-page">
      <SkipLink />
      <AppBar position="sticky" color="inherit" elevation={1}>
        {/* On a phone the title takes its own line under Back and Download rather than being squeezed out. */}
        <Toolbar sx={{ gap: 1, minHeight: { xs: 56 }, flexWrap: { xs: 'wrap', sm: 'nowrap' }, py: { xs: 1, sm: 0 } }}>
          <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} data-testid="pdf-back">
            Back
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
              {c?.title ?? 'Contract'}
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
              Download
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} sx={{ flex: 1, p: { xs: 1, sm: 3 } }}>
        {contract.isPending ? (
          <ListLoading label="Loading contract..." />
        ) : contract.isError ? (
          <RecordError
            error={contract.error}
            missingText="This contract does not exist or is not yours to see."
            onRetry={() => void contract.refetch()}
            data-testid="contract-missing"
          />
        ) : !c?.pdf_url ? (
          <Alert severity="info">The PDF of this contract is for its signer and the agency.</Alert>
        ) : (
          <PdfViewer url={c.pdf_url} title={c.title} />
        )}
      </Box>
    </Box>
  );
}
