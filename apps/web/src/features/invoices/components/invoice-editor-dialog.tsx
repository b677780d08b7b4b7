import { computeInvoiceTotals, CURRENCIES, isCurrency, MAX_INVOICE_LINES, type Currency, type Invoice, type InvoiceLineInput } from '@agency/schema';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type Control } from 'react-hook-form';
import { currencyDecimals, toMinorUnits } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useCommonT } from '../../../i18n';
import { useInvoicesT } from '../i18n';
import { useCreateInvoice } from '../api/create-invoice';
import { useBillableProjects } from '../api/list-billable-projects';
import { useUpdateInvoice } from '../api/update-invoice';
import { InvoiceAmounts } from './invoice-amounts';
import { DateInput } from '../../../components/date-input';

type LineValues = { description: string; quantity: string; unit_price: string; tax_rate: string };
type FormValues = {
  project_id: string;
  currency: Currency;
  issue_date: string;
  due_date: string;
  discount: string;
  notes: string;
  lines: LineValues[];
};

const EMPTY_LINE: LineValues = { description: '', quantity: '1', unit_price: '', tax_rate: '20' };

function toMajor(minor: number, currency: Currency): string {
  const decimals = currencyDecimals(currency) ?? 2;
  return decimals === 0 ? String(minor) : (minor / 10 ** decimals).toFixed(decimals);
}

function toNumber(value: string): number | null {
  const trimmed = value.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  return Number(trimmed);
}

/** A line as the API takes it, or null while what was typed is not a number yet. */
function parseLine(line: LineValues, currency: Currency): InvoiceLineInput | null {
  const quantity = toNumber(line.quantity);
  const unit = toMinorUnits(line.unit_price, currency);
  const tax = line.tax_rate.trim() === '' ? 0 : toNumber(line.tax_rate);
  if (quantity === null || quantity <= 0 || unit === null || tax === null || tax > 100) return null;
  return { description: line.description.trim(), quantity, unit_price: unit, tax_rate: tax };
}

function valuesOf(invoice: Invoice | null, today: string): FormValues {
  if (!invoice) return { project_id: '', currency: 'GBP', issue_date: today, due_date: '', discount: '', notes: '', lines: [{ ...EMPTY_LINE }] };
  return {
    project_id: invoice.project_id ?? '',
    currency: invoice.currency,
    issue_date: invoice.issue_date,
    due_date: invoice.due_date,
    discount: invoice.discount ? toMajor(invoice.discount, invoice.currency) : '',
    notes: invoice.notes ?? '',
    lines: invoice.lines.map((l) => ({
      description: l.description,
      quantity: String(l.quantity),
      unit_price: toMajor(l.unit_price, invoice.currency),
      tax_rate: String(l.tax_rate),
    })),
  };
}

/** The totals of what is typed so far, the same computation the server does (it recomputes them on save). */
function LiveTotals({ control }: { control: Control<FormValues> }) {
  const [lines, discount, currency] = useWatch({ control, name: ['lines', 'discount', 'currency'] });
  const parsed = lines.map((line) => parseLine(line, currency)).filter((line): line is InvoiceLineInput => line !== null);
  const discountMinor = discount.trim() === '' ? 0 : (toMinorUnits(discount, currency) ?? 0);
  const totals = computeInvoiceTotals(parsed, 0);
  const withDiscount = computeInvoiceTotals(parsed, Math.min(discountMinor, totals.subtotal));
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end' }} aria-live="polite">
      <InvoiceAmounts amounts={withDiscount} currency={currency} />
    </Box>
  );
}

type InvoiceEditorDialogProps = {
  open: boolean;
  /** The draft to edit; null creates a new invoice. */
  invoice: Invoice | null;
  /** A project to invoice, chosen already (a project screen), and its currency. */
  projectId?: string;
  projectCurrency?: Currency;
  onClose: () => void;
  onSaved: (invoice: Invoice) => void;
};

/** Create or edit a draft: project, currency, dates, line items (totals update as you type), discount and notes. */
export function InvoiceEditorDialog({ open, invoice, projectId, projectCurrency, onClose, onSaved }: InvoiceEditorDialogProps) {
  const { t } = useInvoicesT();
  const { t: tc } = useCommonT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const today = new Date().toISOString().slice(0, 10);
  const create = useCreateInvoice();
  const update = useUpdateInvoice();
  const projects = useBillableProjects(open && !invoice && !projectId);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    defaultValues: { ...valuesOf(invoice, today), ...(projectId && !invoice ? { project_id: projectId, currency: projectCurrency ?? 'GBP' } : {}) },
  });
  const { control, handleSubmit, setValue, setError, formState } = form;
  const lines = useFieldArray({ control, name: 'lines' });
  const pending = create.isPending || update.isPending;

  function handleClose() {
    if (pending) return;
    setServerError(null);
    form.reset();
    onClose();
  }

  function handleProjectChange(id: string) {
    setValue('project_id', id);
    const project = projects.data?.find((p) => p.id === id);
    if (project && isCurrency(project.currency)) setValue('currency', project.currency);
  }

  const onSubmit = handleSubmit((values) => {
    setServerError(null);
    let valid = true;
    const parsed: InvoiceLineInput[] = [];
    values.lines.forEach((line, index) => {
      if (line.description.trim() === '') {
        setError(`lines.${index}.description`, { message: t('editor.describeWork') });
        valid = false;
      }
      const result = parseLine(line, values.currency);
      if (!result) {
        setError(`lines.${index}.unit_price`, {
          message: t('editor.priceError', { currency: values.currency, example: toMajor(150050, values.currency) }),
        });
        valid = false;
      } else parsed.push(result);
    });
    const discount = values.discount.trim() === '' ? 0 : toMinorUnits(values.discount, values.currency);
    if (discount === null) {
      setError('discount', { message: t('editor.discountError') });
      valid = false;
    }
    if (!invoice && !values.project_id) {
      setError('project_id', { message: t('editor.chooseProject') });
      valid = false;
    }
    if (!valid) return;
    const body = {
      lines: parsed,
      discount: discount ?? 0,
      currency: values.currency,
      issue_date: values.issue_date || undefined,
      due_date: values.due_date || undefined,
      notes: values.notes.trim() || undefined,
    };
    const done = {
      onSuccess: ({ invoice: saved }: { invoice: Invoice }) => {
        form.reset();
        onSaved(saved);
      },
      onError: (error: unknown) => setServerError(errorMessage(error)),
    };
    if (invoice) update.mutate({ id: invoice.id, input: body }, done);
    else create.mutate({ ...body, project_id: values.project_id }, done);
  });

  return (
    <Dialog open={open} onClose={handleClose} fullScreen={fullScreen} fullWidth maxWidth="md" aria-labelledby={titleId} data-testid="invoice-editor">
      <DialogTitle id={titleId}>{invoice ? t('editor.editTitle', { number: invoice.invoice_no }) : t('editor.newTitle')}</DialogTitle>
      <Box component="form" onSubmit={onSubmit} noValidate sx={{ display: 'contents' }}>
        <DialogContent dividers>
          <Stack spacing={2}>
            {serverError && (
              <Alert severity="error" data-testid="invoice-editor-error">
                {serverError}
              </Alert>
            )}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              {!invoice && !projectId && (
                <Controller
                  control={control}
                  name="project_id"
                  render={({ field, fieldState }) => (
                    <TextField
                      select
                      label={t('editor.project')}
                      value={field.value}
                      onChange={(event) => handleProjectChange(event.target.value)}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? (projects.isPending ? t('editor.loadingProjects') : t('editor.approvedProjects'))}
                      sx={{ flex: 2 }}
                      slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'invoice-project' } as object } }}
                    >
                      {(projects.data ?? []).map((p) => (
                        <MenuItem key={p.id} value={p.id}>
                          {p.title} · {p.client.name}
                        </MenuItem>
                      ))}
                    </TextField>
                  )}
                />
              )}
              <Controller
                control={control}
                name="currency"
                render={({ field }) => (
                  <TextField select label={t('editor.currency')} {...field} sx={{ flex: 1, minWidth: 120 }}>
                    {CURRENCIES.map((c) => (
                      <MenuItem key={c} value={c}>
                        {c}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                control={control}
                name="issue_date"
                render={({ field }) => (
                  <DateInput
                    label={t('editor.issueDate')}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    sx={{ flex: 1 }}
                  />
                )}
              />
              <Controller
                control={control}
                name="due_date"
                render={({ field }) => (
                  <DateInput
                    label={t('editor.dueDate')}
                    value={field.value ?? ''}
                    onChange={field.onChange}
                    onBlur={field.onBlur}
                    name={field.name}
                    helperText={field.value ? undefined : t('editor.dueDefault')}
                    sx={{ flex: 1 }}
                  />
                )}
              />
            </Stack>

            <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
              {t('editor.lines')}
            </Typography>
            <Stack spacing={2} data-testid="invoice-lines">
              {lines.fields.map((field, index) => (
                <Box
                  key={field.id}
                  sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: '3fr 1fr 1.4fr 1fr auto' }, alignItems: 'start' }}
                  data-testid="invoice-line-editor"
                >
                  <Controller
                    control={control}
                    name={`lines.${index}.description`}
                    render={({ field: f, fieldState }) => (
                      <TextField
                        label={t('editor.description')}
                        {...f}
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message}
                        sx={{ gridColumn: { xs: '1 / -1', md: 'auto' } }}
                        slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'line-description' } }}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`lines.${index}.quantity`}
                    render={({ field: f }) => (
                      <TextField
                        label={t('editor.quantity')}
                        {...f}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'line-quantity' } }}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`lines.${index}.unit_price`}
                    render={({ field: f, fieldState }) => (
                      <TextField
                        label={t('editor.unitPrice')}
                        {...f}
                        error={Boolean(fieldState.error)}
                        helperText={fieldState.error?.message}
                        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'line-unit-price' } }}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`lines.${index}.tax_rate`}
                    render={({ field: f }) => (
                      <TextField label={t('editor.taxRate')} {...f} slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'line-tax' } }} />
                    )}
                  />
                  <IconButton
                    aria-label={t('editor.removeLine', { number: index + 1 })}
                    onClick={() => lines.remove(index)}
                    disabled={lines.fields.length === 1}
                    sx={{ mt: 1, justifySelf: { xs: 'end', md: 'auto' } }}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                </Box>
              ))}
            </Stack>
            <Box>
              <Button
                startIcon={<AddIcon />}
                onClick={() => lines.append({ ...EMPTY_LINE })}
                disabled={lines.fields.length >= MAX_INVOICE_LINES}
                data-testid="add-line"
              >
                {t('editor.addLine')}
              </Button>
            </Box>

            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
              <Stack spacing={2} sx={{ flex: 1 }}>
                <Controller
                  control={control}
                  name="discount"
                  render={({ field, fieldState }) => (
                    <TextField
                      label={t('editor.discount')}
                      {...field}
                      error={Boolean(fieldState.error)}
                      helperText={fieldState.error?.message ?? t('editor.discountHelp')}
                      slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'invoice-discount-input' } }}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="notes"
                  render={({ field }) => (
                    <TextField label={t('editor.notes')} multiline minRows={2} {...field} slotProps={{ htmlInput: { maxLength: 2000 } }} />
                  )}
                />
              </Stack>
              <Box sx={{ flex: 1 }}>
                <LiveTotals control={control} />
              </Box>
            </Stack>
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, py: 2 }}>
          <Button onClick={handleClose} disabled={pending}>
            {tc('shared.cancel')}
          </Button>
          <Button type="submit" variant="contained" loading={pending} disabled={formState.isSubmitting} data-testid="invoice-save">
            {invoice ? t('editor.saveDraft') : t('editor.createDraft')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
