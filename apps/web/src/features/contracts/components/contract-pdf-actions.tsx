import type { ContractListItem } from '@agency/schema';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import PictureAsPdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { Link as RouterLink } from 'react-router';
import { useContractsT } from '../i18n';
import { contractPagePath, downloadContract } from '../utils/contract-links';

/** View the PDF full page, or download it; nothing for callers the server gives no PDF link. */
export function ContractPdfActions({ contract, size = 'medium' }: { contract: ContractListItem; size?: ButtonProps['size'] }) {
  const { t } = useContractsT();
  if (!contract.pdf_url) return null;
  const isSigned = contract.status === 'signed';
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <Button component={RouterLink} to={contractPagePath(contract.id)} size={size} startIcon={<PictureAsPdfIcon />} data-testid="contract-view-pdf">
        {isSigned ? t('actions.viewSignedPdf') : t('actions.viewPdf')}
      </Button>
      <Button
        onClick={() => void downloadContract(contract)}
        size={size}
        variant={isSigned ? 'contained' : 'text'}
        startIcon={<DownloadIcon />}
        data-testid="contract-download"
      >
        {t('actions.download')}
      </Button>
    </Stack>
  );
}
