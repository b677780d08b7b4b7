import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { ListLoading } from '../../../components/list-states';
import { errorMessage } from '../../../lib/http';
import { useContract } from '../api/get-contract';
import { downloadUrl } from '../utils/contract-links';
import { ContractStatusChip } from './contract-status-chip';
import { PdfViewer } from './pdf-viewer';

/** The contract PDF on its own page: full height, with Back and Download (the sealed file once signed, a preview before). */
export function ContractPdfPage({ contractId, backTo }: { contractId: string; backTo: string }) {
  const contract = useContract(contractId);
  const c = contract.data;
  const download = c ? downloadUrl(c) : null;

  return (
    <Box sx={{ minHeight: '100dvh', bgcolor: '#e9edf3', display: 'flex', flexDirection: 'column' }} data-testid="contract-pdf-page">
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 1, minHeight: { xs: 56 } }}>
          <Button component={RouterLink} to={backTo} startIcon={<ArrowBackIcon />} data-testid="pdf-back">
            Back
          </Button>
          <Box sx={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography component="h1" noWrap sx={{ fontWeight: 700, display: { xs: 'none', sm: 'block' } }}>
              {c?.title ?? 'Contract'}
            </Typography>
            {c && <ContractStatusChip status={c.status} />}
          </Box>
          {download && (
            <Button href={download} download variant="contained" startIcon={<DownloadIcon />} data-testid="pdf-download">
              Download
            </Button>
          )}
        </Toolbar>
      </AppBar>
      <Box sx={{ flex: 1, p: { xs: 1, sm: 3 } }}>
        {contract.isPending ? (
          <ListLoading label="Loading contract..." />
        ) : contract.isError ? (
          <Alert severity="error">{errorMessage(contract.error)}</Alert>
        ) : !c?.pdf_url ? (
          <Alert severity="info">The PDF of this contract is for its signer and the agency.</Alert>
        ) : (
          <PdfViewer url={c.pdf_url} title={c.title} />
        )}
      </Box>
    </Box>
  );
}
