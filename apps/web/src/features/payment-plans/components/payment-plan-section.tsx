import type { PaymentStage } from '@agency/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatDate, formatMoney } from '../../../lib/format';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { usePaymentPlan, useReleaseStage } from '../api/payment-plan';
import { usePaymentPlansT } from '../i18n';
import { PaymentPlanEditor } from './payment-plan-editor';

const STATE_COLOR = { planned: 'default', invoiced: 'info', paid: 'success' } as const;

function releaseText(t: ReturnType<typeof usePaymentPlansT>['t'], s: PaymentStage) {
  switch (s.release) {
    case 'date':
      return t('release.onDate', { date: formatDate(s.due_date) });
    case 'card':
      return s.card_title ? t('release.whenCardDone', { card: s.card_title }) : t('release.whenMilestoneDone');
    case 'manual':
      return t('release.byAgency');
  }
}

/**
 * A project's payment plan: each stage with its share, how it is released and its state (planned, invoiced, paid).
 * Staff edit the plan and release a stage by hand; the client's owners and billing people read it.
 */
export function PaymentPlanSection({ projectId, editable }: { projectId: string; editable: boolean }) {
  const { t } = usePaymentPlansT();
  const plan = usePaymentPlan(projectId);
  const release = useReleaseStage(projectId);
  const [editing, setEditing] = useState(false);
  const [releasing, setReleasing] = useState<PaymentStage | null>(null);
  if (!editable && (plan.isPending || plan.isError || plan.data.stages.length === 0)) return null;
  const data = plan.data;

  return (
    <SectionCard
      title={t('section.title')}
      subtitle={data?.base ? t('section.subtitleBase', { amount: formatMoney(data.base, data.currency) }) : t('section.subtitle')}
      data-testid="payment-plan"
      action={
        editable && data ? (
          <Button variant="outlined" onClick={() => setEditing(true)} data-testid="edit-plan">
            {data.stages.length ? t('section.edit') : t('section.setUp')}
          </Button>
        ) : undefined
      }
    >
      {plan.isPending ? (
        <ListLoading label={t('section.loading')} />
      ) : plan.isError ? (
        hasErrorCode(plan.error, 'FORBIDDEN') ? null : (
          <ListError message={errorMessage(plan.error)} onRetry={() => void plan.refetch()} />
        )
      ) : data!.stages.length === 0 ? (
        <Typography sx={{ px: { xs: 2, sm: 3 }, py: 2 }} color="text.secondary">
          {t('section.empty')}
        </Typography>
      ) : (
        <Stack divider={<Divider />}>
          {data!.stages.map((s) => (
            <Stack
              key={s.id}
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ px: { xs: 2, sm: 3 }, py: 1.5, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
              data-testid="plan-stage"
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 600 }}>
                  {s.label} · {formatMoney(s.amount, data!.currency)}
                  {s.percent !== null ? ` (${s.percent} %)` : ''}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {releaseText(t, s)}
                  {s.invoice ? ` · ${s.invoice.invoice_no}` : ''}
                </Typography>
              </Box>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <Chip size="small" label={t(`state.${s.state}`)} color={STATE_COLOR[s.state]} data-testid={`stage-state-${s.id}`} />
                {editable && s.state === 'planned' && (
                  <Button size="small" onClick={() => setReleasing(s)} data-testid={`release-${s.id}`}>
                    {t('section.invoiceNow')}
                  </Button>
                )}
              </Stack>
            </Stack>
          ))}
        </Stack>
      )}
      {editing && data && <PaymentPlanEditor projectId={projectId} plan={data} onClose={() => setEditing(false)} />}
      <ConfirmDialog
        open={releasing !== null}
        title={t('section.confirmTitle')}
        confirmLabel={t('section.confirmLabel')}
        confirmColor="primary"
        isPending={release.isPending}
        onClose={() => setReleasing(null)}
        onConfirm={() =>
          releasing &&
          release.mutate(releasing.id, {
            onSuccess: (invoice) => {
              notify.success(t('section.sent', { invoiceNo: invoice.invoice_no }));
              setReleasing(null);
            },
            onError: (e) => notify.error(errorMessage(e)),
          })
        }
      >
        {releasing ? t('section.confirmText', { label: releasing.label }) : ''}
      </ConfirmDialog>
    </SectionCard>
  );
}
