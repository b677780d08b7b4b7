import { STAGE_RELEASE_LABELS, STAGE_RELEASES, stageSumProblem, type PaymentPlan, type PaymentStageInput, type StageRelease } from '@agency/schema';
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
import { useCardChoices, useSavePaymentPlan } from '../api/payment-plan';

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
  const sumProblem = inputs.every((i) => i !== null) ? stageSumProblem(inputs as PaymentStageInput[], plan.base) : 'Give each stage a share';

  function submit() {
    setError(null);
    if (stages.some((s) => !s.label.trim())) return setError('Give each stage a label');
    if (sumProblem) return setError(sumProblem);
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
      <DialogTitle id={titleId}>Payment plan</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          <Typography color="text.secondary">
            {plan.base === null
              ? 'The project has no accepted proposal or budget yet: set a budget first.'
              : `The stages share ${formatMoney(plan.base, plan.currency)} (${plan.base_source === 'proposal' ? 'the accepted proposal' : 'the budget'}) and must add up to 100 %. Invoiced stages stay as they are.`}
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
                label="Label"
                value={s.label}
                disabled={s.locked}
                onChange={(e) => set(i, { label: e.target.value })}
                sx={{ flex: 2 }}
              />
              <TextField
                select
                size="small"
                label="Share"
                value={s.share}
                disabled={s.locked}
                onChange={(e) => set(i, { share: e.target.value as Draft['share'] })}
                sx={{ minWidth: 110 }}
              >
                <MenuItem value="percent">Percent</MenuItem>
                <MenuItem value="amount">Amount</MenuItem>
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
                label="Released"
                value={s.release}
                disabled={s.locked}
                onChange={(e) => set(i, { release: e.target.value as StageRelease })}
                sx={{ minWidth: 200 }}
              >
                {STAGE_RELEASES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {STAGE_RELEASE_LABELS[r]}
                  </MenuItem>
                ))}
              </TextField>
              {s.release === 'date' && (
                <TextField
                  size="small"
                  type="date"
                  label="Date"
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
                  label="Card"
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
                aria-label={`Remove stage ${i + 1}`}
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
              Add a stage
            </Button>
          </Box>
          <Typography color={sumProblem ? 'error' : 'success.main'} aria-live="polite" data-testid="plan-sum">
            {sumProblem ?? 'The stages add up to 100 %.'}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={save.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={submit} loading={save.isPending} data-testid="plan-save">
          Save plan
        </Button>
      </DialogActions>
    </Dialog>
  );
}
