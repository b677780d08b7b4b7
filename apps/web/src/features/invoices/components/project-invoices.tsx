import { isCurrency, type Project } from '@agency/schema';
import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { errorMessage } from '../../../lib/http';
import { useInvoicesT } from '../i18n';
import { useCreateDepositInvoice } from '../api/create-deposit-invoice';
import { useBillingSettings } from '../api/get-billing-settings';
import { useSetBillingSettings } from '../api/set-billing-settings';
import { InvoiceEditorDialog } from './invoice-editor-dialog';
import { InvoiceList } from './invoice-list';

const BILLABLE = ['approved', 'in_progress', 'completed'];

function BillingSettings({ project }: { project: Project }) {
  const { t } = useInvoicesT();
  const billing = useBillingSettings(project.id);
  const setBilling = useSetBillingSettings();
  const deposit = useCreateDepositInvoice();
  if (!billing.data) return null;
  const b = billing.data;
  return (
    <Box
      sx={{
        px: { xs: 2, sm: 3 },
        py: 1.5,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 2,
        borderBottom: '1px solid',
        borderColor: 'divider',
      }}
    >
      <FormControlLabel
        control={
          <Switch
            checked={b.auto_deposit}
            disabled={setBilling.isPending}
            onChange={(event) =>
              setBilling.mutate({ projectId: project.id, autoDeposit: event.target.checked }, { onError: (e) => notify.error(errorMessage(e)) })
            }
            slotProps={{ input: { 'aria-describedby': `deposit-help-${project.id}` } }}
            data-testid="auto-deposit-switch"
          />
        }
        label={t('project.autoDeposit')}
      />
      <Typography id={`deposit-help-${project.id}`} variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 200 }}>
        {b.deposit_invoice_id
          ? t('project.depositRaised')
          : t(b.auto_deposit ? 'project.depositOn' : 'project.depositOff', { percent: b.deposit_percent })}
      </Typography>
      {!b.deposit_invoice_id && BILLABLE.includes(project.status) && project.budget_minor ? (
        <Button
          size="small"
          variant="outlined"
          loading={deposit.isPending}
          onClick={() =>
            deposit.mutate(project.id, { onSuccess: () => notify.success(t('project.depositSent')), onError: (e) => notify.error(errorMessage(e)) })
          }
          data-testid="raise-deposit"
        >
          {t('project.raiseDeposit')}
        </Button>
      ) : null}
    </Box>
  );
}

type ProjectInvoicesProps = {
  project: Project;
  /** Staff raise invoices and set the automatic deposit; a client sees its own and pays. */
  variant: 'client' | 'staff';
  getDetailPath: (id: string) => string;
};

/** A project's invoices on its own screen. */
export function ProjectInvoices({ project, variant, getDetailPath }: ProjectInvoicesProps) {
  const { t } = useInvoicesT();
  const [creating, setCreating] = useState(false);
  const isStaff = variant === 'staff';
  const canInvoice = isStaff && BILLABLE.includes(project.status);
  return (
    <Box data-testid="project-invoices">
      <InvoiceList
        title={t('project.title')}
        variant={variant}
        projectId={project.id}
        getDetailPath={getDetailPath}
        emptyText={isStaff ? t('project.emptyStaff') : t('project.emptyClient')}
        action={
          canInvoice ? (
            <Button startIcon={<AddIcon />} variant="outlined" onClick={() => setCreating(true)} data-testid="project-new-invoice">
              {t('project.newInvoice')}
            </Button>
          ) : undefined
        }
        toolbar={isStaff ? <BillingSettings project={project} /> : undefined}
        data-testid="project-invoice-list"
      />
      {creating && (
        <InvoiceEditorDialog
          open
          invoice={null}
          projectId={project.id}
          projectCurrency={isCurrency(project.currency) ? project.currency : undefined}
          onClose={() => setCreating(false)}
          onSaved={() => {
            setCreating(false);
            notify.success(t('project.draftCreated'));
          }}
        />
      )}
    </Box>
  );
}
