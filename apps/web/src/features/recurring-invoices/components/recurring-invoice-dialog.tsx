import {
  computeInvoiceTotals,
  CURRENCIES,
  normaliseSchedule,
  RECURRING_FREQUENCIES,
  scheduleProblem,
  upcomingDates,
  type Currency,
  type InvoiceLineInput,
  type RecurringFrequency,
  type RecurringInvoice,
} from '@agency/schema';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { Trans } from 'react-i18next';
import { formatDate, formatMoney, toMinorUnits } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { validationText } from '../../../lib/validation-text';
import { useCreateRecurringInvoice, useUpdateRecurringInvoice } from '../api/recurring-invoices';
import { useRecurringInvoicesT } from '../i18n';

export type ProjectChoice = { id: string; title: string; currency: string; company_id: string };
export type CompanyChoice = { id: string; name: string };
type Line = { description: string; quantity: string; unit_price: string; tax_rate: string };

const EMPTY_LINE: Line = { description: '', quantity: '1', unit_price: '', tax_rate: '20' };

function major(minor: number, currency: string) {
  return formatMoney(minor, currency)
    .replace(/[^\d.,-]/g, '')
    .replace(/,/g, '');
}

function parseLine(line: Line, currency: string): InvoiceLineInput | null {
  const quantity = Number(line.quantity.replace(',', '.'));
  const unit = toMinorUnits(line.unit_price, currency);
  const tax = line.tax_rate.trim() === '' ? 0 : Number(line.tax_rate.replace(',', '.'));
  if (!line.description.trim() || !(quantity > 0) || unit === null || !(tax >= 0 && tax <= 100)) return null;
  return { description: line.description.trim(), quantity, unit_price: unit, tax_rate: tax };
}

const optionalNumber = (value: string) => (value.trim() === '' ? null : Number(value));

type Props = {
  /** The template to edit; null creates one. */
  recurring: RecurringInvoice | null;
  projects: ProjectChoice[];
  /** Client companies matching what was typed in the company field (staff search them by name). */
  companies: CompanyChoice[];
  onCompanySearch: (q: string) => void;
  today: string;
  onClose: () => void;
  onSaved: (recurring: RecurringInvoice) => void;
};

/** Create or edit a recurring invoice: its lines, its schedule (with the next dates it gives) and how it is sent. */
export function RecurringInvoiceDialog({ recurring, projects, companies, onCompanySearch, today, onClose, onSaved }: Props) {
  const { t } = useRecurringInvoicesT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const create = useCreateRecurringInvoice();
  const update = useUpdateRecurringInvoice();
  const [company, setCompany] = useState<CompanyChoice | null>(recurring?.company ?? null);
  const [companySearch, setCompanySearch] = useState('');
  // The company chosen stays offered while another search runs.
  const companyOptions = company && !companies.some((c) => c.id === company.id) ? [company, ...companies] : companies;
  // '' is the company's own template, without a project.
  const [projectId, setProjectId] = useState(recurring?.project_id ?? '');
  const [ownCurrency, setOwnCurrency] = useState<Currency>('GBP');
  const companyProjects = company ? projects.filter((p) => p.company_id === company.id) : [];
  const currency = recurring?.currency ?? companyProjects.find((p) => p.id === projectId)?.currency ?? ownCurrency;
  const [lines, setLines] = useState<Line[]>(
    recurring
      ? recurring.lines.map((l) => ({
          description: l.description,
          quantity: String(l.quantity),
          unit_price: major(l.unit_price, recurring.currency),
          tax_rate: String(l.tax_rate),
        }))
      : [{ ...EMPTY_LINE }],
  );
  const [frequency, setFrequency] = useState<RecurringFrequency>(recurring?.schedule.frequency ?? 'monthly');
  const [interval, setInterval] = useState(String(recurring?.schedule.interval ?? 1));
  const [day, setDay] = useState(recurring?.schedule.day ? String(recurring.schedule.day) : '');
  const [startDate, setStartDate] = useState(recurring?.schedule.start_date ?? today);
  const [endDate, setEndDate] = useState(recurring?.schedule.end_date ?? '');
  const [count, setCount] = useState(recurring?.schedule.count ? String(recurring.schedule.count) : '');
  const [autoSend, setAutoSend] = useState(recurring?.auto_send ?? true);
  const [autoCharge, setAutoCharge] = useState(recurring?.auto_charge ?? false);
  const [error, setError] = useState<string | null>(null);
  const pending = create.isPending || update.isPending;

  const parsed = lines.map((l) => parseLine(l, currency));
  const schedule = normaliseSchedule({
    frequency,
    interval: Number(interval),
    day: optionalNumber(day),
    start_date: startDate,
    end_date: endDate || null,
    count: optionalNumber(count),
  });
  const problem = /^\d{4}-\d{2}-\d{2}$/.test(startDate)
    ? scheduleProblem(schedule)
    : { path: 'schedule.start_date', message: t('dialog.chooseStartDate') };
  const preview = problem ? [] : upcomingDates(schedule, startDate < today ? today : startDate, 6);
  const total = computeInvoiceTotals(
    parsed.filter((l): l is InvoiceLineInput => l !== null),
    0,
  ).total;

  const setLine = (index: number, field: keyof Line, value: string) =>
    setLines((all) => all.map((l, i) => (i === index ? { ...l, [field]: value } : l)));

  function save() {
    setError(null);
    if (!recurring && !company) return setError(t('dialog.chooseCompany'));
    if (parsed.some((l) => l === null)) return setError(t('dialog.lineIncomplete'));
    if (problem) return setError(validationText(problem.message));
    const body = {
      lines: parsed as InvoiceLineInput[],
      schedule: { ...schedule, end_date: schedule.end_date ?? undefined, count: schedule.count ?? undefined, day: schedule.day ?? undefined },
      auto_send: autoSend,
      auto_charge: autoCharge,
    };
    const done = {
      onSuccess: (r: { recurring_invoice: RecurringInvoice }) => onSaved(r.recurring_invoice),
      onError: (e: unknown) => setError(errorMessage(e)),
    };
    if (recurring) update.mutate({ id: recurring.id, input: body }, done);
    else if (company)
      create.mutate({ ...body, company_id: company.id, ...(projectId ? { project_id: projectId } : { currency: ownCurrency }) }, done);
  }

  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      data-testid="recurring-dialog"
    >
      <DialogTitle id={titleId}>{recurring ? t('dialog.editTitle') : t('dialog.newTitle')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" data-testid="recurring-error">
              {error}
            </Alert>
          )}
          {recurring ? (
            <Typography>
              {recurring.project_title ? `${recurring.project_title} · ` : ''}
              {recurring.company.name}. {t('dialog.appliesToComing')}
            </Typography>
          ) : (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  label={t('dialog.findCompany')}
                  value={companySearch}
                  onChange={(e) => {
                    setCompanySearch(e.target.value);
                    onCompanySearch(e.target.value);
                  }}
                  sx={{ flex: 1 }}
                />
                <TextField
                  select
                  label={t('dialog.company')}
                  value={company?.id ?? ''}
                  onChange={(e) => {
                    setCompany(companyOptions.find((c) => c.id === e.target.value) ?? null);
                    setProjectId('');
                  }}
                  sx={{ flex: 2 }}
                  slotProps={{ htmlInput: { 'data-testid': 'recurring-company' } }}
                >
                  {companyOptions.length === 0 && (
                    <MenuItem value="" disabled>
                      {t('dialog.noCompany')}
                    </MenuItem>
                  )}
                  {companyOptions.map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.name}
                    </MenuItem>
                  ))}
                </TextField>
              </Stack>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  label={t('dialog.project')}
                  value={projectId}
                  onChange={(e) => setProjectId(e.target.value)}
                  disabled={!company}
                  helperText={t('dialog.projectHelp')}
                  sx={{ flex: 2 }}
                  slotProps={{ htmlInput: { 'data-testid': 'recurring-project' } }}
                >
                  <MenuItem value="">{t('dialog.noProject')}</MenuItem>
                  {companyProjects.map((p) => (
                    <MenuItem key={p.id} value={p.id}>
                      {p.title}
                    </MenuItem>
                  ))}
                </TextField>
                {!projectId && (
                  <TextField
                    select
                    label={t('dialog.currency')}
                    value={ownCurrency}
                    onChange={(e) => setOwnCurrency(e.target.value as Currency)}
                    sx={{ flex: 1 }}
                  >
                    {CURRENCIES.map((c) => (
                      <MenuItem key={c} value={c}>
                        {c}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              </Stack>
            </>
          )}
          <Typography variant="subtitle2" component="h3">
            {t('dialog.lines', { currency })}
          </Typography>
          {lines.map((line, i) => (
            <Stack key={i} direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
              <TextField
                label={t('dialog.description')}
                value={line.description}
                onChange={(e) => setLine(i, 'description', e.target.value)}
                sx={{ flex: 3 }}
                size="small"
              />
              <TextField
                label={t('dialog.quantity')}
                value={line.quantity}
                onChange={(e) => setLine(i, 'quantity', e.target.value)}
                sx={{ flex: 1 }}
                size="small"
              />
              <TextField
                label={t('dialog.unitPrice')}
                value={line.unit_price}
                onChange={(e) => setLine(i, 'unit_price', e.target.value)}
                sx={{ flex: 1 }}
                size="small"
              />
              <TextField
                label={t('dialog.taxRate')}
                value={line.tax_rate}
                onChange={(e) => setLine(i, 'tax_rate', e.target.value)}
                sx={{ flex: 1 }}
                size="small"
              />
              <IconButton
                aria-label={t('dialog.removeLine', { number: i + 1 })}
                disabled={lines.length === 1}
                onClick={() => setLines((all) => all.filter((_, j) => j !== i))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          <Box>
            <Button startIcon={<AddIcon />} onClick={() => setLines((all) => [...all, { ...EMPTY_LINE }])}>
              {t('dialog.addLine')}
            </Button>
          </Box>
          <Typography sx={{ textAlign: 'right' }} data-testid="recurring-total">
            <Trans t={t} i18nKey="dialog.eachInvoice" values={{ total: formatMoney(total, currency) }} components={{ strong: <strong /> }} />
          </Typography>
          <Typography variant="subtitle2" component="h3">
            {t('dialog.schedule')}
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('dialog.every')}
              value={frequency}
              onChange={(e) => setFrequency(e.target.value as RecurringFrequency)}
              sx={{ minWidth: 140 }}
            >
              {RECURRING_FREQUENCIES.map((f) => (
                <MenuItem key={f} value={f}>
                  {t(`frequency.${f}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('dialog.interval')}
              type="number"
              value={interval}
              onChange={(e) => setInterval(e.target.value)}
              helperText={t('dialog.intervalHelp')}
            />
            <TextField
              label={frequency === 'weekly' ? t('dialog.weekday') : t('dialog.dayOfMonth')}
              type="number"
              value={day}
              onChange={(e) => setDay(e.target.value)}
              helperText={t('dialog.dayHelp')}
            />
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label={t('dialog.startDate')}
              type="date"
              value={startDate}
              onChange={(e) => setStartDate(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label={t('dialog.endDate')}
              type="date"
              value={endDate}
              onChange={(e) => setEndDate(e.target.value)}
              slotProps={{ inputLabel: { shrink: true } }}
              helperText={t('dialog.optional')}
            />
            <TextField
              label={t('dialog.count')}
              type="number"
              value={count}
              onChange={(e) => setCount(e.target.value)}
              helperText={t('dialog.optional')}
            />
          </Stack>
          <Box data-testid="recurring-preview" aria-live="polite">
            {problem ? (
              <Typography color="error">{validationText(problem.message)}</Typography>
            ) : (
              <Typography color="text.secondary">
                {t('dialog.nextDates', { dates: preview.map((d) => formatDate(d)).join(', ') || t('dialog.none') })}
              </Typography>
            )}
          </Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <FormControlLabel control={<Switch checked={autoSend} onChange={(e) => setAutoSend(e.target.checked)} />} label={t('dialog.autoSend')} />
            <FormControlLabel
              control={<Switch checked={autoCharge} onChange={(e) => setAutoCharge(e.target.checked)} />}
              label={t('dialog.autoCharge')}
            />
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={pending}>
          {t('dialog.cancel')}
        </Button>
        <Button variant="contained" onClick={save} loading={pending} data-testid="recurring-save">
          {recurring ? t('dialog.save') : t('dialog.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
