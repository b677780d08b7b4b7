import { computeProposalTotals, isCurrency, type Currency, type Proposal } from '@agency/schema';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { LazyTextField } from '../../../components/lazy-text-field';
import { Suspense, useState } from 'react';
import { Markdown } from '../../../components/markdown';
import { currencyDecimals, formatMoney, toMinorUnits } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useCreateProposalTemplate } from '../api/create-proposal-template';
import { useProposalTemplates } from '../api/list-proposal-templates';
import { useProposalStep } from '../api/proposal-step';
import { useSaveProposal } from '../api/save-proposal';
import { useProposalsT } from '../i18n';
import { ProposalView } from './proposal-view';

type ItemRow = { id?: string; description: string; quantity: string; unitPrice: string; taxRate: string; optional: boolean };
type SectionRow = { title: string; body: string };

export type ProposalEditorProject = { id: string; title: string; status: string; currency: string; budget_minor: number | null };
type Person = { id: string; name: string };

type ProposalEditorDialogProps = {
  open: boolean;
  project: ProposalEditorProject;
  /** The draft to edit; a new draft when absent. */
  proposal?: Proposal | null;
  /** Who may lead the project (needed when it is still pending: acceptance approves it with this team). */
  teamLeads: readonly Person[];
  onClose: () => void;
  onDone: (proposal: Proposal) => void;
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const major = (minor: number, currency: Currency) => String(minor / 10 ** (currencyDecimals(currency) ?? 2));

function rowsOf(proposal: Proposal | null | undefined, currency: Currency): ItemRow[] {
  if (!proposal) return [{ description: '', quantity: '1', unitPrice: '', taxRate: '0', optional: false }];
  return proposal.items.map((i) => ({
    id: i.id,
    description: i.description,
    quantity: String(i.quantity),
    unitPrice: major(i.unit_price, currency),
    taxRate: String(i.tax_rate),
    optional: i.optional,
  }));
}

/**
 * Staff write a proposal for a client's project: sections in Markdown with a preview, item rows with optional flags,
 * the totals as they type (the server's own totals function), a template to start from, and a preview exactly as
 * the client will see it. Save keeps a draft; Send saves and sends it to the company's owners.
 */
export function ProposalEditorDialog({ open, project, proposal, teamLeads, onClose, onDone }: ProposalEditorDialogProps) {
  const { t } = useProposalsT();
  const currency: Currency = isCurrency(project.currency) ? project.currency : 'GBP';
  // A phone gets the whole screen: the editor has many fields.
  const isPhone = useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
  const save = useSaveProposal();
  const step = useProposalStep();
  const templates = useProposalTemplates(open);
  const saveTemplate = useCreateProposalTemplate();
  const [tab, setTab] = useState<'edit' | 'preview'>('edit');
  const [title, setTitle] = useState(proposal?.title ?? t('editor.defaultTitle', { project: project.title }));
  const [intro, setIntro] = useState(proposal?.intro_markdown ?? '');
  const [sections, setSections] = useState<SectionRow[]>(
    proposal?.sections.map((s) => ({ title: s.title, body: s.body_markdown })) ?? [{ title: t('editor.defaultSection'), body: '' }],
  );
  const [items, setItems] = useState<ItemRow[]>(rowsOf(proposal, currency));
  const [validUntil, setValidUntil] = useState(proposal?.valid_until ?? inDays(30));
  const [depositPercent, setDepositPercent] = useState(String(proposal?.deposit_percent ?? 30));
  const [teamLeadId, setTeamLeadId] = useState(proposal?.team_lead_id ?? '');
  const [problem, setProblem] = useState<string | null>(null);

  const parsed = items.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    description: row.description.trim(),
    quantity: Number(row.quantity),
    unit_price: toMinorUnits(row.unitPrice, currency),
    tax_rate: Number(row.taxRate || '0'),
    optional: row.optional,
    selected: !row.optional,
  }));
  const valid = parsed.map((p) => ({ ...p, unit_price: p.unit_price ?? 0, quantity: Number.isFinite(p.quantity) ? p.quantity : 0 }));
  const totals = computeProposalTotals(valid, Number(depositPercent) || 0, currency);
  const content = {
    title,
    intro_markdown: intro,
    sections: sections.map((s) => ({ title: s.title, body_markdown: s.body })),
    items: valid,
    currency,
    valid_until: validUntil,
    deposit_percent: Number(depositPercent) || 0,
  };

  function update<T>(list: T[], index: number, change: Partial<T>): T[] {
    return list.map((row, i) => (i === index ? { ...row, ...change } : row));
  }

  function handleTemplate(id: string) {
    const template = templates.data?.find((x) => x.id === id);
    if (!template) return;
    if (template.intro_markdown) setIntro(template.intro_markdown);
    setSections(template.sections.map((s) => ({ title: s.title, body: s.body_markdown })));
    if (template.items.length > 0)
      setItems(
        template.items.map((i) => ({
          description: i.description,
          quantity: String(i.quantity),
          unitPrice: major(i.unit_price, currency),
          taxRate: String(i.tax_rate),
          optional: i.optional,
        })),
      );
  }

  function inputOf() {
    const bad = parsed.findIndex((p) => p.unit_price === null || !p.description || !(p.quantity > 0));
    if (bad >= 0) {
      setProblem(t('editor.itemProblem', { number: bad + 1 }));
      return null;
    }
    setProblem(null);
    return {
      title: title.trim(),
      intro_markdown: intro,
      sections: sections.filter((s) => s.title.trim()).map((s) => ({ title: s.title.trim(), body_markdown: s.body })),
      items: parsed.map((p) => ({ ...p, unit_price: p.unit_price ?? 0 })),
      valid_until: validUntil,
      deposit_percent: Number(depositPercent),
      ...(teamLeadId ? { team_lead_id: teamLeadId } : {}),
    };
  }

  function handleSave(andSend: boolean) {
    const input = inputOf();
    if (!input) return;
    save.mutate(
      { id: proposal?.id ?? null, input: proposal ? input : { project_id: project.id, ...input } },
      {
        onSuccess: ({ proposal: saved }) => {
          if (!andSend) return onDone(saved);
          step.mutate({ id: saved.id, action: { step: 'send' } }, { onSuccess: ({ proposal: sent }) => onDone(sent) });
        },
      },
    );
  }

  function handleSaveTemplate() {
    const input = inputOf();
    if (!input) return;
    saveTemplate.mutate(
      { title: input.title, intro_markdown: input.intro_markdown, sections: input.sections, items: input.items },
      { onSuccess: ({ template }) => notify.success(t('editor.templateSaved', { title: template.title })) },
    );
  }

  const error = save.error ?? step.error ?? saveTemplate.error;
  const isBusy = save.isPending || step.isPending;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      fullScreen={isPhone}
      maxWidth="md"
      aria-labelledby="proposal-editor-title"
      data-testid="proposal-editor"
    >
      <DialogTitle id="proposal-editor-title">{proposal ? t('editor.titleEdit') : t('editor.titleNew')}</DialogTitle>
      <DialogContent dividers>
        <Suspense fallback={<Typography color="text.secondary">{t('editor.loading')}</Typography>}>
          <Tabs value={tab} onChange={(_e, value) => setTab(value)} sx={{ mb: 2 }}>
            <Tab value="edit" label={t('editor.tabWrite')} />
            <Tab value="preview" label={t('editor.tabPreview')} data-testid="proposal-preview-tab" />
          </Tabs>
          {(problem || error) && (
            <Alert severity="error" sx={{ mb: 2 }} data-testid="proposal-editor-error">
              {problem ?? errorMessage(error)}
            </Alert>
          )}
          {tab === 'preview' ? (
            <ProposalView proposal={content} />
          ) : (
            <Stack spacing={2}>
              {(templates.data?.length ?? 0) > 0 && (
                <LazyTextField
                  select
                  label={t('editor.template')}
                  defaultValue=""
                  onChange={(e) => handleTemplate(e.target.value)}
                  data-testid="proposal-template"
                >
                  {templates.data?.map((template) => (
                    <MenuItem key={template.id} value={template.id}>
                      {template.title}
                    </MenuItem>
                  ))}
                </LazyTextField>
              )}
              <LazyTextField
                label={t('editor.title')}
                required
                value={title}
                onChange={(e) => setTitle(e.target.value)}
                slotProps={{ htmlInput: { maxLength: 200, 'data-testid': 'proposal-title' } }}
              />
              <MarkdownField label={t('editor.intro')} value={intro} onChange={setIntro} testId="proposal-intro" />
              {sections.map((section, i) => (
                <Box key={i} sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1 }}>
                  <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
                    <LazyTextField
                      label={t('editor.sectionTitle')}
                      size="small"
                      fullWidth
                      value={section.title}
                      onChange={(e) => setSections(update(sections, i, { title: e.target.value }))}
                    />
                    <IconButton
                      aria-label={t('editor.removeSection', { number: i + 1 })}
                      onClick={() => setSections(sections.filter((_s, j) => j !== i))}
                    >
                      <DeleteIcon />
                    </IconButton>
                  </Stack>
                  <MarkdownField
                    label={t('editor.sectionText')}
                    value={section.body}
                    onChange={(body) => setSections(update(sections, i, { body }))}
                  />
                </Box>
              ))}
              <Button startIcon={<AddIcon />} onClick={() => setSections([...sections, { title: '', body: '' }])} sx={{ alignSelf: 'flex-start' }}>
                {t('editor.addSection')}
              </Button>
              <Typography variant="subtitle1" component="h3">
                {t('editor.items', { currency })}
              </Typography>
              {items.map((row, i) => (
                <Box
                  key={i}
                  data-testid="proposal-item-row"
                  sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr 1fr', sm: '3fr 1fr 1.4fr 1fr auto auto' }, alignItems: 'center' }}
                >
                  <LazyTextField
                    label={t('editor.description')}
                    size="small"
                    value={row.description}
                    onChange={(e) => setItems(update(items, i, { description: e.target.value }))}
                    sx={{ gridColumn: { xs: '1 / -1', sm: 'auto' } }}
                    slotProps={{ htmlInput: { 'data-testid': 'item-description' } }}
                  />
                  <LazyTextField
                    label={t('editor.quantity')}
                    size="small"
                    value={row.quantity}
                    onChange={(e) => setItems(update(items, i, { quantity: e.target.value }))}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'item-quantity' } }}
                  />
                  <LazyTextField
                    label={t('editor.unitPrice')}
                    size="small"
                    value={row.unitPrice}
                    onChange={(e) => setItems(update(items, i, { unitPrice: e.target.value }))}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'item-price' } }}
                  />
                  <LazyTextField
                    label={t('editor.taxRate')}
                    size="small"
                    value={row.taxRate}
                    onChange={(e) => setItems(update(items, i, { taxRate: e.target.value }))}
                    slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'item-tax' } }}
                  />
                  <FormControlLabel
                    label={t('editor.optional')}
                    control={
                      <Checkbox
                        checked={row.optional}
                        onChange={(e) => setItems(update(items, i, { optional: e.target.checked }))}
                        slotProps={{ input: { 'data-testid': 'item-optional' } as object }}
                      />
                    }
                  />
                  <IconButton
                    aria-label={t('editor.removeItem', { number: i + 1 })}
                    disabled={items.length === 1}
                    onClick={() => setItems(items.filter((_r, j) => j !== i))}
                  >
                    <DeleteIcon />
                  </IconButton>
                </Box>
              ))}
              <Button
                startIcon={<AddIcon />}
                onClick={() => setItems([...items, { description: '', quantity: '1', unitPrice: '', taxRate: '0', optional: false }])}
                sx={{ alignSelf: 'flex-start' }}
                data-testid="add-item"
              >
                {t('editor.addItem')}
              </Button>
              <Box data-testid="editor-totals" sx={{ textAlign: 'end' }}>
                <Typography variant="body2">
                  {t('editor.subtotals', { subtotal: formatMoney(totals.subtotal, currency), tax: formatMoney(totals.tax_total, currency) })}
                </Typography>
                <Typography sx={{ fontWeight: 700 }} data-testid="editor-total">
                  {t('editor.total', { total: formatMoney(totals.total, currency), deposit: formatMoney(totals.deposit_amount, currency) })}
                </Typography>
              </Box>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <LazyTextField
                  label={t('editor.validUntil')}
                  type="date"
                  value={validUntil}
                  onChange={(e) => setValidUntil(e.target.value)}
                  slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'proposal-valid-until' } }}
                />
                <LazyTextField
                  label={t('editor.depositPercent')}
                  value={depositPercent}
                  onChange={(e) => setDepositPercent(e.target.value)}
                  slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'proposal-deposit' } }}
                />
                {project.status === 'pending' && (
                  <LazyTextField
                    select
                    label={t('editor.teamLead')}
                    value={teamLeadId}
                    onChange={(e) => setTeamLeadId(e.target.value)}
                    sx={{ minWidth: 220 }}
                    helperText={t('editor.teamLeadHelp')}
                    slotProps={{ htmlInput: { 'data-testid': 'proposal-team-lead' } }}
                  >
                    {teamLeads.map((p) => (
                      <MenuItem key={p.id} value={p.id}>
                        {p.name}
                      </MenuItem>
                    ))}
                  </LazyTextField>
                )}
              </Stack>
            </Stack>
          )}
        </Suspense>
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button onClick={onClose} disabled={isBusy}>
          {t('editor.cancel')}
        </Button>
        <Button onClick={handleSaveTemplate} disabled={isBusy} loading={saveTemplate.isPending} data-testid="proposal-save-template">
          {t('editor.saveTemplate')}
        </Button>
        <Button onClick={() => handleSave(false)} disabled={isBusy} data-testid="proposal-save">
          {t('editor.saveDraft')}
        </Button>
        <Button variant="contained" onClick={() => handleSave(true)} loading={isBusy} data-testid="proposal-send">
          {t('editor.send')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function MarkdownField({ label, value, onChange, testId }: { label: string; value: string; onChange: (value: string) => void; testId?: string }) {
  const { t } = useProposalsT();
  const [isPreview, setIsPreview] = useState(false);
  return (
    <Box>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('editor.markdownLabel', { label })}
        </Typography>
        <Button size="small" onClick={() => setIsPreview(!isPreview)}>
          {isPreview ? t('editor.write') : t('editor.preview')}
        </Button>
      </Stack>
      {isPreview ? (
        <Box sx={{ p: 1.5, border: 1, borderColor: 'divider', borderRadius: 1, minHeight: 64 }}>
          <Markdown source={value || t('editor.nothingYet')} />
        </Box>
      ) : (
        <LazyTextField
          multiline
          minRows={3}
          fullWidth
          value={value}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ htmlInput: { 'aria-label': label, 'data-testid': testId } }}
        />
      )}
    </Box>
  );
}
