import { EXPENSE_CATEGORIES, formatDate, type Expense, type ExpenseCategory, type ExpenseStatus } from '@agency/schema';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { ListEmpty, ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { openDocument } from '../../../lib/documents';
import { formatMoney, toMinorUnits } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { createExpense } from '../api/create-expense';
import { decideExpense, type ExpenseDecision } from '../api/decide-expense';
import { deleteExpense } from '../api/delete-expense';
import { useExpenses, type ExpenseFilters } from '../api/list-expenses';
import { useTrackableProjects } from '../api/list-trackable-projects';
import { submitExpense } from '../api/submit-expense';
import { uploadReceipt } from '../api/upload-receipt';
import { today } from '../utils/week-grid';
import { TimeStatusChip } from './time-status-chip';
import { useAgencyTimeZone } from '../hooks/use-agency-time-zone';
import { useTimeT } from '../i18n';

/** What a receipt may be: a photo or a PDF (the server checks the bytes too). */
const RECEIPT_TYPES = 'image/png,image/jpeg,image/webp,image/gif,application/pdf';

type ExpensesPanelProps = {
  me: string;
  /** Staff approve and send back submitted expenses (never their own, the super admin excepted). */
  canDecide: boolean;
  canDecideOwn: boolean;
  /** Whether the form to record one is shown. */
  canRecord?: boolean;
};

type Filter = 'all' | ExpenseStatus;

/** Expenses with their receipts: record one (a photo from the phone's camera, or a file), submit it, and for staff approve it. */
export function ExpensesPanel({ me, canDecide, canDecideOwn, canRecord = true }: ExpensesPanelProps) {
  const { t } = useTimeT();
  const [filter, setFilter] = useState<Filter>(canDecide ? 'submitted' : 'all');
  const filters: ExpenseFilters = filter === 'all' ? { limit: 100 } : { status: filter, limit: 100 };
  const query = useExpenses(filters);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {canRecord && <ExpenseForm />}
      <SectionCard title={canDecide ? t('expenses.listStaff') : t('expenses.listOwn')} data-testid="expense-list">
        <Tabs
          value={filter}
          onChange={(_event, value: Filter) => setFilter(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={t('expenses.show')}
          sx={{ px: { xs: 1, sm: 2 }, borderBottom: '1px solid', borderColor: 'divider' }}
        >
          {canDecide && <Tab value="submitted" label={t('expenses.toApprove')} />}
          <Tab value="all" label={t('expenses.all')} />
          <Tab value="draft" label={t('expenses.drafts')} />
          {!canDecide && <Tab value="submitted" label={t('expenses.submitted')} />}
          <Tab value="approved" label={t('expenses.approved')} />
          <Tab value="rejected" label={t('expenses.sentBackTab')} />
          <Tab value="billed" label={t('expenses.billed')} />
        </Tabs>
        {query.isPending ? (
          <ListLoading label={t('expenses.loading')} />
        ) : query.isError ? (
          <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <ListEmpty title={filter === 'submitted' && canDecide ? t('expenses.noneWaiting') : t('expenses.noneHere')} dense />
        ) : (
          <Box sx={{ display: 'grid' }}>
            {query.data.items.map((expense) => (
              <ExpenseRow
                key={expense.id}
                expense={expense}
                isMine={expense.user_id === me}
                canDecide={canDecide && (expense.user_id !== me || canDecideOwn)}
              />
            ))}
          </Box>
        )}
      </SectionCard>
    </Box>
  );
}

function useRefreshExpenses() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: queryKeys.time.allExpenses });
}

function ExpenseForm() {
  const { t } = useTimeT();
  const timeZone = useAgencyTimeZone();
  const projects = useTrackableProjects();
  const refresh = useRefreshExpenses();
  const [projectId, setProjectId] = useState('');
  const [date, setDate] = useState(() => today(timeZone));
  const [amount, setAmount] = useState('');
  const [category, setCategory] = useState<ExpenseCategory>('travel');
  const [description, setDescription] = useState('');
  const [isBillable, setIsBillable] = useState(true);
  const [receipt, setReceipt] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [isSaving, setIsSaving] = useState(false);
  const camera = useRef<HTMLInputElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const project = projects.data?.find((p) => p.id === projectId);
  const currency = project?.currency ?? 'GBP';

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const minor = toMinorUnits(amount, currency);
    const found: Record<string, string> = {};
    if (!project) found.project = t('expenses.chooseProject');
    if (!date) found.date = t('expenses.giveDay');
    else if (date > today(timeZone)) found.date = t('expenses.noFuture');
    if (minor === null || minor <= 0) found.amount = t('expenses.amountWrong', { currency });
    if (!description.trim()) found.description = t('expenses.describe');
    setErrors(found);
    if (Object.keys(found).length > 0 || minor === null || !project) return;
    setIsSaving(true);
    try {
      const { expense } = await createExpense({
        project_id: project.id,
        date,
        amount: minor,
        category,
        description: description.trim(),
        billable: isBillable,
      });
      if (receipt) {
        try {
          await uploadReceipt(expense.id, receipt);
        } catch (error) {
          notify.error(t('expenses.receiptFailed', { error: errorMessage(error) }));
        }
      }
      notify.success(t('expenses.savedDraft'));
      setAmount('');
      setDescription('');
      setReceipt(null);
      await refresh();
    } catch (error) {
      setErrors({ form: errorMessage(error) });
    } finally {
      setIsSaving(false);
    }
  }

  const pickFile = (files: FileList | null) => setReceipt(files?.[0] ?? null);

  return (
    <SectionCard title={t('expenses.recordTitle')} subtitle={t('expenses.recordSubtitle')} data-testid="expense-form">
      <Box
        component="form"
        onSubmit={handleSubmit}
        noValidate
        sx={{
          p: { xs: 2, sm: 3 },
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <TextField
          select
          label={t('expenses.project')}
          size="small"
          value={projectId}
          onChange={(event) => setProjectId(event.target.value)}
          error={Boolean(errors.project)}
          helperText={errors.project ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'expense-project' } }}
        >
          {(projects.data ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.title}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('expenses.day')}
          type="date"
          size="small"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={Boolean(errors.date)}
          helperText={errors.date ?? ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today(timeZone), 'data-testid': 'expense-date' } }}
        />
        <TextField
          label={t('expenses.amount', { currency })}
          size="small"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={Boolean(errors.amount)}
          helperText={errors.amount ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'expense-amount' } }}
        />
        <TextField
          select
          label={t('expenses.category')}
          size="small"
          value={category}
          onChange={(event) => setCategory(event.target.value as ExpenseCategory)}
          helperText=" "
        >
          {EXPENSE_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {t(`categories.${c}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('expenses.description')}
          size="small"
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={Boolean(errors.description)}
          helperText={errors.description ?? ' '}
          sx={{ gridColumn: { sm: '1 / -1', md: 'span 2' } }}
          slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'expense-description' } }}
        />
        <FormControlLabel
          control={<Checkbox checked={isBillable} onChange={(event) => setIsBillable(event.target.checked)} />}
          label={t('expenses.billable')}
          sx={{ alignSelf: 'start' }}
        />
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', gridColumn: '1 / -1' }}>
          {/* Two ways to a receipt: the camera of a phone (capture), or any photo or PDF already on the device. */}
          <input
            ref={camera}
            type="file"
            accept="image/*"
            capture="environment"
            hidden
            onChange={(event) => pickFile(event.target.files)}
            data-testid="receipt-camera"
          />
          <input
            ref={picker}
            type="file"
            accept={RECEIPT_TYPES}
            hidden
            onChange={(event) => pickFile(event.target.files)}
            data-testid="receipt-file"
          />
          <Button variant="outlined" startIcon={<PhotoCameraOutlinedIcon />} onClick={() => camera.current?.click()}>
            {t('expenses.takePhoto')}
          </Button>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => picker.current?.click()}>
            {t('expenses.chooseReceipt')}
          </Button>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}
            data-testid="receipt-name"
          >
            {receipt ? receipt.name : t('expenses.noReceiptYet')}
          </Typography>
          <Button type="submit" variant="contained" loading={isSaving} data-testid="save-expense">
            {t('expenses.save')}
          </Button>
        </Box>
        {errors.form && (
          <Typography role="alert" color="error" sx={{ gridColumn: '1 / -1' }}>
            {errors.form}
          </Typography>
        )}
      </Box>
    </SectionCard>
  );
}

function ExpenseRow({ expense, isMine, canDecide }: { expense: Expense; isMine: boolean; canDecide: boolean }) {
  const { t } = useTimeT();
  const refresh = useRefreshExpenses();
  const [isBusy, setIsBusy] = useState(false);
  const [isRejecting, setIsRejecting] = useState(false);
  const isEditable = isMine && (expense.status === 'draft' || expense.status === 'rejected');

  async function act(action: () => Promise<unknown>, done: string) {
    setIsBusy(true);
    try {
      await action();
      notify.success(done);
      await refresh();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setIsBusy(false);
    }
  }

  const decide = (decision: ExpenseDecision) =>
    act(() => decideExpense(decision), decision.approve ? t('expenses.approvedToast') : t('expenses.sentBackToast'));

  return (
    <Box
      component="article"
      aria-label={`${expense.description}, ${formatMoney(expense.amount, expense.currency)}`}
      sx={{
        px: { xs: 2, sm: 3 },
        py: 1.75,
        borderBottom: '1px solid',
        borderColor: 'divider',
        display: 'flex',
        gap: 2,
        flexWrap: 'wrap',
        alignItems: 'center',
      }}
      data-testid="expense-row"
      data-status={expense.status}
    >
      <Box sx={{ flex: '1 1 240px', minWidth: 0 }}>
        <Typography sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>{expense.description}</Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDate(expense.date)} · {expense.project_title} · {t(`categories.${expense.category}`)}
          {isMine ? '' : ` · ${expense.user.name}`}
          {expense.billable ? '' : t('expenses.notBilled')}
        </Typography>
        {expense.status === 'rejected' && expense.rejection_reason && (
          <Typography variant="body2" color="warning.dark" data-testid="expense-reason">
            {t('expenses.sentBackReason', { reason: expense.rejection_reason })}
          </Typography>
        )}
      </Box>
      <Typography sx={{ fontWeight: 700, fontVariantNumeric: 'tabular-nums' }} data-testid="expense-amount">
        {formatMoney(expense.amount, expense.currency)}
      </Typography>
      <TimeStatusChip status={expense.status} data-testid="expense-status" />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {expense.receipt ? (
          <Link
            component="button"
            type="button"
            onClick={() => void openDocument(expense.receipt!.url).catch((error: unknown) => notify.error(errorMessage(error)))}
            data-testid="expense-receipt"
          >
            {t('expenses.receipt')}
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('expenses.noReceipt')}
          </Typography>
        )}
        {isEditable && (
          <>
            <Button
              size="small"
              variant="contained"
              disabled={isBusy}
              onClick={() => void act(() => submitExpense(expense.id), t('expenses.submittedToast'))}
              data-testid="submit-expense"
            >
              {t('expenses.submit')}
            </Button>
            <Button
              size="small"
              color="error"
              disabled={isBusy}
              onClick={() => void act(() => deleteExpense(expense.id), t('expenses.deletedToast'))}
            >
              {t('expenses.delete')}
            </Button>
          </>
        )}
        {canDecide && expense.status === 'submitted' && (
          <>
            <Button
              size="small"
              variant="outlined"
              color="warning"
              disabled={isBusy}
              onClick={() => setIsRejecting(true)}
              data-testid="reject-expense"
            >
              {t('expenses.sendBack')}
            </Button>
            <Button
              size="small"
              variant="contained"
              color="success"
              disabled={isBusy}
              onClick={() => void decide({ id: expense.id, approve: true })}
              data-testid="approve-expense"
            >
              {t('expenses.approve')}
            </Button>
          </>
        )}
      </Box>
      {isRejecting && (
        <ReasonDialog
          onClose={() => setIsRejecting(false)}
          onSend={(reason) => {
            setIsRejecting(false);
            void decide({ id: expense.id, approve: false, reason });
          }}
        />
      )}
    </Box>
  );
}

function ReasonDialog({ onClose, onSend }: { onClose: () => void; onSend: (reason: string) => void }) {
  const { t } = useTimeT();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setError(t('expenses.whyShort'));
    onSend(reason.trim());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>{t('expenses.dialogTitle')}</DialogTitle>
        <DialogContent>
          <TextField
            label={t('expenses.why')}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? ' '}
            multiline
            minRows={2}
            fullWidth
            autoFocus
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'expense-reject-reason' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('expenses.cancel')}</Button>
          <Button type="submit" variant="contained" color="warning" data-testid="confirm-reject-expense">
            {t('expenses.sendBack')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
