import { BILL_TIME_GROUPS, type BillTimeGroup } from '@agency/schema';
import MoreTimeIcon from '@mui/icons-material/MoreTime';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { useId, useState } from 'react';
import { ListError, ListLoading } from '../../../components/list-states';
import { formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { useBillTime } from '../api/bill-time';
import { useBillable } from '../api/get-billable';
import { sumMinutes } from '../utils/week-grid';
import { describeDuration, useTimeT } from '../i18n';

const GROUP_KEYS = { card: 'billTime.byCard', person: 'billTime.byPerson', day: 'billTime.byDay' } as const satisfies Record<BillTimeGroup, string>;

/** "Add time and expenses" on an invoice draft: the project's approved, unbilled time and expenses as lines. */
export function BillTimeButton({ invoiceId }: { invoiceId: string }) {
  const { t } = useTimeT();
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<MoreTimeIcon />} onClick={() => setIsOpen(true)} data-testid="bill-time">
        {t('billTime.button')}
      </Button>
      {isOpen && <BillTimeDialog invoiceId={invoiceId} onClose={() => setIsOpen(false)} />}
    </>
  );
}

function BillTimeDialog({ invoiceId, onClose }: { invoiceId: string; onClose: () => void }) {
  const { t } = useTimeT();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [groupBy, setGroupBy] = useState<BillTimeGroup>('card');
  const [taxText, setTaxText] = useState('0');
  const preview = useBillable(invoiceId, groupBy);
  const bill = useBillTime();
  const titleId = useId();
  const tax = Number(taxText.replace(',', '.'));
  const isTaxWrong = taxText.trim() === '' || !Number.isFinite(tax) || tax < 0 || tax > 100;
  const data = preview.data;
  const lineCount = data?.lines.length ?? 0;

  const handleAdd = () =>
    bill.mutate(
      { invoiceId, input: { group_by: groupBy, tax_rate: tax } },
      {
        onSuccess: () => {
          notify.success(t('billTime.added', { count: lineCount }));
          onClose();
        },
        onError: (error) => notify.error(errorMessage(error)),
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="md" fullScreen={isPhone} data-testid="bill-time-dialog">
      <DialogTitle id={titleId}>{t('billTime.button')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="body2" color="text.secondary">
          {t('billTime.intro')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <ToggleButtonGroup
            size="small"
            exclusive
            value={groupBy}
            onChange={(_event, value: BillTimeGroup | null) => value && setGroupBy(value)}
            aria-label={t('billTime.oneLine')}
          >
            {BILL_TIME_GROUPS.map((g) => (
              <ToggleButton key={g} value={g} data-testid={`bill-group-${g}`}>
                {t(GROUP_KEYS[g])}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          <TextField
            size="small"
            label={t('billTime.taxRate')}
            value={taxText}
            onChange={(event) => setTaxText(event.target.value)}
            error={isTaxWrong}
            helperText={isTaxWrong ? t('billTime.taxWrong') : ' '}
            sx={{ width: 140 }}
            slotProps={{ htmlInput: { inputMode: 'decimal' } }}
          />
        </Box>
        {preview.isPending ? (
          <ListLoading label={t('billTime.loading')} />
        ) : preview.isError ? (
          <ListError message={errorMessage(preview.error)} onRetry={() => void preview.refetch()} />
        ) : (
          <>
            {data!.problems.map((problem) => (
              <Alert key={problem} severity="warning" data-testid="bill-problem">
                {problem}
              </Alert>
            ))}
            <Typography variant="body2" data-testid="bill-summary">
              {t('billTime.summaryTime', { duration: describeDuration(sumMinutes(data!.entries)), count: data!.entries.length })}
              {data!.hourly_rate !== null ? t('billTime.summaryRate', { rate: formatMoney(data!.hourly_rate, data!.currency) }) : ''}
              {t('billTime.summaryExpenses', { count: data!.expenses.length })}
            </Typography>
            {lineCount === 0 ? (
              <Typography color="text.secondary">{t('billTime.nothing')}</Typography>
            ) : (
              <Box sx={{ overflowX: 'auto' }} data-sideways-scroll="by-design">
                <Box
                  component="table"
                  sx={{
                    width: '100%',
                    borderCollapse: 'collapse',
                    '& th, & td': { py: 0.75, px: 1, borderBottom: '1px solid', borderColor: 'divider', fontSize: '0.875rem', textAlign: 'right' },
                    '& th:first-of-type, & td:first-of-type': { textAlign: 'left' },
                    '& thead th': { color: 'text.secondary' },
                  }}
                  data-testid="bill-lines"
                >
                  <caption style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}>
                    {t('billTime.linesCaption')}
                  </caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('billTime.line')}</th>
                      <th scope="col">{t('billTime.quantity')}</th>
                      <th scope="col">{t('billTime.unitPrice')}</th>
                      <th scope="col">{t('billTime.amount')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data!.lines.map((line, index) => (
                      <tr key={index} data-testid="bill-line">
                        <td>{line.description}</td>
                        <td>{line.quantity}</td>
                        <td>{formatMoney(line.unit_price, data!.currency)}</td>
                        <td>{formatMoney(line.amount, data!.currency)}</td>
                      </tr>
                    ))}
                  </tbody>
                </Box>
              </Box>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('billTime.cancel')}</Button>
        <Button
          variant="contained"
          onClick={handleAdd}
          loading={bill.isPending}
          disabled={!data || lineCount === 0 || isTaxWrong || preview.isPlaceholderData}
          data-testid="confirm-bill-time"
        >
          {lineCount > 0 ? t('billTime.addCount', { count: lineCount }) : t('billTime.addLines')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
