import type { ContractListItem } from '@agency/schema';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId } from 'react';
import { useContractsT } from '../i18n';
import { AuditTrail } from './audit-trail';

export function AuditTrailDialog({ contract, onClose }: { contract: ContractListItem; onClose: () => void }) {
  const titleId = useId();
  const { t } = useContractsT();
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm" data-testid="audit-dialog">
      <DialogTitle id={titleId}>{t('audit.title', { title: contract.title })}</DialogTitle>
      <DialogContent>
        <AuditTrail contractId={contract.id} />
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>{t('audit.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
