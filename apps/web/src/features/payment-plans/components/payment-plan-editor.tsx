import { STAGE_RELEASES, stageSumProblem, type PaymentPlan, type PaymentStageInput, type StageRelease } from '@agency/schema';
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
import { currencyDecimals, formatMoney, toMinorUnits } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { validationText } from '../../../lib/validation-text';
import { useCardChoices, useSavePaymentPlan } from '../api/payment-plan';
import { usePaymentPlansT } from '../i18n';

type Draft = {
  id?: string;
  locked: boolean;
  label: string;
  share: 'percent' | 'amount';
  value: string;
  release: StageRelease;
  due_date: string;
  card_id: string;
};

function draftsOf(plan: PaymentPlan): Draft[] {
  if (plan.stages.length === 0) return [{ locked: false, label: '', share: 'percent', value: '100', release: 'manual', due_date: '', card_id: '' }];
  return plan.stages.map((s) => ({
    id: s.id,
    locked: s.state !== 'planned',
    label: s.label,
    share: s.percent === null ? 'amount' : 'percent',
    value: s.percent === null ? (s.amount / 10 ** (currencyDecimals(plan.currency) ?? 2)).toString() : String(s.percent),
    release: s.release,
    due_date: s.due_date ?? '',
    card_id: s.card_id ?? '',
  }));
}

/** Staff edit a project's payment plan: each stage a share of the accepted total, released on a date, by a card or by hand. */
export function PaymentPlanEditor({ projectId, plan, onClose }: { projectId: string; plan: PaymentPlan; onClose: () => void }) {
  const { t } = usePaymentPlansT();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const save = useSavePaymentPlan(projectId);
  const [stages, setStages] = useState<Draft[]>(() => draftsOf(plan));
  const [error, setError] = useState<string | null>(null);
  const cards = useCardChoices(
    projectId,
    stages.some((s) => s.release === 'card'),
  );
  const set = (i: number, patch: Partial<Draft>) => setStages((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const inputs: (PaymentStageInput | null)[] = stages.map((s) => {
    const amount = s.share === 'amount' ? toMinorUnits(s.value, plan.currency) : null;
    const percent = s.share === 'percent' ? Number(s.value.replace(',', '.')) : null;
    if (s.share === 'amount' ? amount === null : !(percent! > 0)) return null;
    return {
      id: s.id,
      label: s.label.trim(),
      percent,
      amount,
      release: s.release,
      due_date: s.release === 'date' ? s.due_date || null : null,
      card_id: s.release === 'card' ? s.card_id || null : null,
    };
  });
  const sumProblem = inputs.every((i) => i !== null) ? stageSumProblem(inputs as PaymentStageInput[], plan.base) : t('editor.giveShare');

  function submit() {
    setError(null);
    if (stages.some((s) => !s.label.trim())) return setError(t('editor.giveLabel'));
    if (sumProblem) return setError(validationText(sumProblem));
    save.mutate({ stages: inputs as PaymentStageInput[] }, { onSuccess: onClose, onError: (e) => setError(errorMessage(e)) });
  }

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby={titleId}
      data-testid="plan-editor"
    >
      <DialogTitle id={titleId}>{t('editor.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            {plan.base === null
              ? t('editor.noBase')
              : t(plan.base_source === 'proposal' ? 'editor.shareProposal' : 'editor.shareBudget', { amount: formatMoney(plan.base, plan.currency) })}
          </Typography>
          {error && (
            <Alert severity="error" data-testid="plan-error">
              {error}
            </Alert>
          )}
          {stages.map((s, i) => (
            <Stack
              key={s.id ?? `new-${i}`}
              direction={{ xs: 'column', md: 'row' }}
              spacing={1}
              sx={{ alignItems: { md: 'center' } }}
              data-testid="plan-stage-row"
            >
              <TextField
                size="small"
                label={t('editor.label')}
                value={s.label}
                disabled={s.locked}
                onChange={(e) => set(i, { label: e.target.value })}
                sx={{ flex: 2 }}
              />
              <TextField
                select
                size="small"
                label={t('editor.share')}
                value={s.share}
                disabled={s.locked}
                onChange={(e) => set(i, { share: e.target.value as Draft['share'] })}
                sx={{ minWidth: 110 }}
              >
                <MenuItem value="percent">{t('editor.percent')}</MenuItem>
                <MenuItem value="amount">{t('editor.amount')}</MenuItem>
              </TextField>
              <TextField
                size="small"
                label={s.share === 'percent' ? '%' : plan.currency}
                value={s.value}
                disabled={s.locked}
                onChange={(e) => set(i, { value: e.target.value })}
                sx={{ width: { md: 110 } }}
              />
              <TextField
                select
                size="small"
                label={t('editor.released')}
                value={s.release}
                disabled={s.locked}
                onChange={(e) => set(i, { release: e.target.value as StageRelease })}
                sx={{ minWidth: 200 }}
              >
                {STAGE_RELEASES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {t(`releases.${r}`)}
                  </MenuItem>
                ))}
              </TextField>
              {s.release === 'date' && (
                <TextField
                  size="small"
                  type="date"
                  label={t('editor.date')}
                  value={s.due_date}
                  disabled={s.locked}
                  onChange={(e) => set(i, { due_date: e.target.value })}
                  slotProps={{ inputLabel: { shrink: true } }}
                />
              )}
              {s.release === 'card' && (
                <TextField
                  select
                  size="small"
                  label={t('editor.card')}
                  value={s.card_id}
                  disabled={s.locked}
                  onChange={(e) => set(i, { card_id: e.target.value })}
                  sx={{ minWidth: 180 }}
                >
                  {(cards.data ?? []).map((c) => (
                    <MenuItem key={c.id} value={c.id}>
                      {c.title} ({c.column})
                    </MenuItem>
                  ))}
                </TextField>
              )}
              <IconButton
                aria-label={t('editor.removeStage', { number: i + 1 })}
                disabled={s.locked || stages.length === 1}
                onClick={() => setStages((all) => all.filter((_, j) => j !== i))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Stack>
          ))}
          <Box>
            <Button
              startIcon={<AddIcon />}
              onClick={() =>
                setStages((all) => [...all, { locked: false, label: '', share: 'percent', value: '', release: 'manual', due_date: '', card_id: '' }])
              }
            >
              {t('editor.addStage')}
            </Button>
          </Box>
          <Typography color={sumProblem ? 'error' : 'success.main'} aria-live="polite" data-testid="plan-sum">
            {sumProblem ? validationText(sumProblem) : t('editor.addsUp')}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          {t('editor.cancel')}
        </Button>
        <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="plan-save">
          {t('editor.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
