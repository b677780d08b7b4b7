import { EXPENSE_CATEGORIES, EXPENSE_CATEGORY_LABELS, formatDate, type Expense, type ExpenseCategory, type ExpenseStatus } from '@agency/schema';
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
  const [filter, setFilter] = useState<Filter>(canDecide ? 'submitted' : 'all');
  const filters: ExpenseFilters = filter === 'all' ? { limit: 100 } : { status: filter, limit: 100 };
  const query = useExpenses(filters);

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      {canRecord && <ExpenseForm />}
      <SectionCard title={canDecide ? 'Expenses' : 'Your expenses'} data-testid="expense-list">
        <Tabs
          value={filter}
          onChange={(_event, value: Filter) => setFilter(value)}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label="Show expenses"
          sx={{ px: { xs: 1, sm: 2 }, borderBottom: '1px solid', borderColor: 'divider' }}
        >
          {canDecide && <Tab value="submitted" label="To approve" />}
          <Tab value="all" label="All" />
          <Tab value="draft" label="Drafts" />
          {!canDecide && <Tab value="submitted" label="Submitted" />}
          <Tab value="approved" label="Approved" />
          <Tab value="rejected" label="Sent back" />
          <Tab value="billed" label="Billed" />
        </Tabs>
        {query.isPending ? (
          <ListLoading label="Loading expenses..." />
        ) : query.isError ? (
          <ListError message={errorMessage(query.error)} onRetry={() => void query.refetch()} />
        ) : query.data.items.length === 0 ? (
          <ListEmpty title={filter === 'submitted' && canDecide ? 'No expense is waiting for approval' : 'No expenses here'} dense />
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
    if (!project) found.project = 'Choose a project';
    if (!date) found.date = 'Give the day';
    else if (date > today(timeZone)) found.date = 'An expense cannot be in the future';
    if (minor === null || minor <= 0) found.amount = `Give an amount in ${currency}, such as 12.50`;
    if (!description.trim()) found.description = 'Describe the expense';
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
          notify.error(`The expense is saved, but its receipt was not: ${errorMessage(error)}`);
        }
      }
      notify.success('Expense saved as a draft: submit it when it is complete');
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
    <SectionCard title="Record an expense" subtitle="Money spent on a project, with a photo or PDF of the receipt" data-testid="expense-form">
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
          label="Project"
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
          label="Day"
          type="date"
          size="small"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={Boolean(errors.date)}
          helperText={errors.date ?? ' '}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today(timeZone), 'data-testid': 'expense-date' } }}
        />
        <TextField
          label={`Amount (${currency})`}
          size="small"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={Boolean(errors.amount)}
          helperText={errors.amount ?? ' '}
          slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'expense-amount' } }}
        />
        <TextField
          select
          label="Category"
          size="small"
          value={category}
          onChange={(event) => setCategory(event.target.value as ExpenseCategory)}
          helperText=" "
        >
          {EXPENSE_CATEGORIES.map((c) => (
            <MenuItem key={c} value={c}>
              {EXPENSE_CATEGORY_LABELS[c]}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label="Description"
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
          label="Bill it to the client"
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
            Take a photo
          </Button>
          <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => picker.current?.click()}>
            Choose a receipt
          </Button>
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{ flex: '1 1 160px', minWidth: 0, overflowWrap: 'anywhere' }}
            data-testid="receipt-name"
          >
            {receipt ? receipt.name : 'No receipt yet (a photo or a PDF)'}
          </Typography>
          <Button type="submit" variant="contained" loading={isSaving} data-testid="save-expense">
            Save expense
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

  const decide = (decision: ExpenseDecision) => act(() => decideExpense(decision), decision.approve ? 'Expense approved' : 'Expense sent back');

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
          {formatDate(expense.date)} · {expense.project_title} · {EXPENSE_CATEGORY_LABELS[expense.category]}
          {isMine ? '' : ` · ${expense.user.name}`}
          {expense.billable ? '' : ' · not billed'}
        </Typography>
        {expense.status === 'rejected' && expense.rejection_reason && (
          <Typography variant="body2" color="warning.dark" data-testid="expense-reason">
            Sent back: {expense.rejection_reason}
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
            Receipt
          </Link>
        ) : (
          <Typography variant="body2" color="text.secondary">
            No receipt
          </Typography>
        )}
        {isEditable && (
          <>
            <Button
              size="small"
              variant="contained"
              disabled={isBusy}
              onClick={() => void act(() => submitExpense(expense.id), 'Expense submitted')}
              data-testid="submit-expense"
            >
              Submit
            </Button>
            <Button size="small" color="error" disabled={isBusy} onClick={() => void act(() => deleteExpense(expense.id), 'Expense deleted')}>
              Delete
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
              Send back
            </Button>
            <Button
              size="small"
              variant="contained"
              color="success"
              disabled={isBusy}
              onClick={() => void decide({ id: expense.id, approve: true })}
              data-testid="approve-expense"
            >
              Approve
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setError('Say why (at least 3 characters)');
    onSend(reason.trim());
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <Box component="form" onSubmit={handleSubmit} noValidate>
        <DialogTitle id={titleId}>Send the expense back</DialogTitle>
        <DialogContent>
          <TextField
            label="Why"
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
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="contained" color="warning" data-testid="confirm-reject-expense">
            Send back
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
