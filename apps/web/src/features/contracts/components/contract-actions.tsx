import { canChangeContractStatus, type ContractListItem, type Role } from '@agency/schema';
import Button, { type ButtonProps } from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { notify } from '../../../lib/notify';
import { errorMessage } from '../../../lib/http';
import { useRemindContract } from '../api/remind-contract';
import { useContractsT } from '../i18n';
import { contractPagePath, downloadContract } from '../utils/contract-links';
import { AuditTrailDialog } from './audit-trail-dialog';
import { EditContractDialog } from './edit-contract-dialog';
import { SendContractDialog } from './send-contract-dialog';
import { VoidContractDialog } from './void-contract-dialog';

type Open = 'edit' | 'send' | 'void' | 'audit' | null;

/** What staff may do with a contract in its status: edit and send a draft, remind, void, open or download the PDF, the trail. */
export function ContractActions({ contract, role, size = 'small' }: { contract: ContractListItem; role: Role; size?: ButtonProps['size'] }) {
  const { t } = useContractsT();
  const [open, setOpen] = useState<Open>(null);
  const remind = useRemindContract();
  const may = (to: 'sent' | 'void') => canChangeContractStatus(role, contract.status, to, { isSigner: false });
  const close = () => setOpen(null);
  const done = (message: string) => () => {
    setOpen(null);
    notify.success(message);
  };

  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap', justifyContent: { md: 'flex-end' } }} data-testid="contract-actions">
      {contract.status === 'draft' && (
        <Button size={size} onClick={() => setOpen('edit')} data-testid="contract-edit">
          {t('actions.edit')}
        </Button>
      )}
      {may('sent') && (
        <Button size={size} variant="contained" onClick={() => setOpen('send')} data-testid="contract-send">
          {t('actions.send')}
        </Button>
      )}
      {contract.status === 'sent' && (
        <Button
          size={size}
          loading={remind.isPending}
          onClick={() =>
            remind.mutate(contract.id, {
              onSuccess: () => notify.success(t('actions.reminderSent', { name: contract.signer.name })),
              onError: (error) => notify.error(errorMessage(error)),
            })
          }
          data-testid="contract-remind"
        >
          {t('actions.remind')}
        </Button>
      )}
      {contract.pdf_url && (
        <Button size={size} component={RouterLink} to={contractPagePath(contract.id)} data-testid="contract-pdf">
          {t('actions.pdf')}
        </Button>
      )}
      {contract.pdf_url && (
        <Button size={size} onClick={() => void downloadContract(contract)} data-testid="contract-download">
          {t('actions.download')}
        </Button>
      )}
      <Button size={size} onClick={() => setOpen('audit')} data-testid="contract-audit">
        {t('actions.auditTrail')}
      </Button>
      {may('void') && (
        <Button size={size} color="error" onClick={() => setOpen('void')} data-testid="contract-void">
          {t('actions.void')}
        </Button>
      )}
      {open === 'edit' && <EditContractDialog contract={contract} onClose={close} onDone={done(t('actions.draftSaved'))} />}
      {open === 'send' && (
        <SendContractDialog contract={contract} onClose={close} onDone={done(t('actions.sentTo', { name: contract.signer.name }))} />
      )}
      {open === 'void' && <VoidContractDialog contract={contract} onClose={close} onDone={done(t('actions.voided'))} />}
      {open === 'audit' && <AuditTrailDialog contract={contract} onClose={close} />}
    </Stack>
  );
}
