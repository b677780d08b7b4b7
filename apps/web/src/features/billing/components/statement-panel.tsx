import { formatDate, shiftDay } from '@agency/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { DateInput } from '../../../components/date-input';
import { ListError, ListLoading } from '../../../components/list-states';
import { SectionCard } from '../../../components/section-card';
import { formatMoney } from '../../../lib/format';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { downloadStatement, useStatement } from '../api/statement';
import { useBillingT } from '../i18n';

const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

type BillingT = ReturnType<typeof useBillingT>['t'];

/**
 * A line's description in the reader's language. The API writes it in British English from the line's kind (and a
 * transfer's reference, a credit note's invoice and reason): read back into its parts; anything else as it came.
 */
function describe(t: BillingT, line: { kind: string; description: string }): string {
  const text = line.description;
  if (line.kind === 'invoice' && text === 'Invoice issued') return t('statement.descriptions.invoiceIssued');
  if (line.kind === 'refund' && text === 'Refund') return t('statement.descriptions.refund');
  if (text === 'Card payment') return t('statement.descriptions.cardPayment');
  if (text === 'Bank transfer') return t('statement.descriptions.bankTransfer');
  const transfer = /^Bank transfer \((.*)\)$/s.exec(text);
  if (transfer) return t('statement.descriptions.bankTransferWithReference', { reference: transfer[1] });
  const credit = /^Credit on (\S+): (.*)$/s.exec(text);
  if (line.kind === 'credit_note' && credit) return t('statement.descriptions.credit', { invoice: credit[1], reason: credit[2] });
  return text;
}

/** A company's statement over a date range: opening balance, each movement with the balance after it, closing balance, and the PDF. */
export function StatementPanel({ companyId, today }: { companyId: string; today: string }) {
  const { t } = useBillingT();
  const [from, setFrom] = useState(() => shiftDay(today, -90));
  const [to, setTo] = useState(today);
  const valid = isDay(from) && isDay(to) && from <= to;
  const statement = useStatement(companyId, from, to, valid);
  const [downloading, setDownloading] = useState(false);
  const money = (minor: number) => formatMoney(minor, statement.data?.currency ?? 'GBP');
  // A role the server does not show money to (a member, or a billing person made a member meanwhile): the screen
  // around says so once; the statement is simply not there.
  if (hasErrorCode(statement.error, 'FORBIDDEN')) return null;

  return (
    <SectionCard
      title={t('statement.title')}
      subtitle={t('statement.subtitle')}
      data-testid="statement"
      action={
        <Button
          variant="outlined"
          disabled={!valid || downloading}
          onClick={() => {
            setDownloading(true);
            downloadStatement(companyId, from, to)
              .catch((e: unknown) => notify.error(errorMessage(e)))
              .finally(() => setDownloading(false));
          }}
        >
          {t('statement.download')}
        </Button>
      }
    >
      <Box sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
          <DateInput label={t('statement.from')} value={from} onChange={setFrom} error={!valid} />
          <DateInput
            label={t('statement.to')}
            value={to}
            onChange={setTo}
            error={!valid}
            helperText={!valid ? t('statement.rangeError') : undefined}
          />
        </Stack>
        {!valid ? null : statement.isPending ? (
          <ListLoading label={t('statement.loading')} />
        ) : statement.isError ? (
          <ListError message={errorMessage(statement.error)} onRetry={() => void statement.refetch()} />
        ) : (
          <Stack spacing={1} data-testid="statement-lines">
            <Row label={t('statement.opening')} value={money(statement.data.opening_balance)} strong testId="opening-balance" />
            {statement.data.lines.length === 0 && <Typography color="text.secondary">{t('statement.nothing')}</Typography>}
            {statement.data.lines.map((line, i) => (
              <Box
                key={`${line.kind}-${line.reference}-${i}`}
                data-testid="statement-line"
                sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, py: 1, borderTop: '1px solid', borderColor: 'divider' }}
              >
                <Box sx={{ flex: '1 1 200px', minWidth: 0 }}>
                  <Typography sx={{ fontWeight: 600 }}>
                    {t('statement.line', { kind: t(`statement.kinds.${line.kind}`), reference: line.reference })}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDate(line.date)} · {describe(t, line)}
                  </Typography>
                </Box>
                <Box sx={{ textAlign: 'end', minWidth: 120 }}>
                  <Typography>{money(line.amount)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('statement.balance', { amount: money(line.balance) })}
                  </Typography>
                </Box>
              </Box>
            ))}
            <Row label={t('statement.closing')} value={money(statement.data.closing_balance)} strong testId="closing-balance" />
          </Stack>
        )}
      </Box>
    </SectionCard>
  );
}

function Row({ label, value, strong, testId }: { label: string; value: string; strong?: boolean; testId: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 1 }} data-testid={testId}>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{label}</Typography>
      <Typography sx={{ fontWeight: strong ? 700 : 400 }}>{value}</Typography>
    </Box>
  );
}
