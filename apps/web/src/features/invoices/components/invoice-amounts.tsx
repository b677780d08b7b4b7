import type { Currency } from '@agency/schema';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatMoney } from '../../../lib/format';
import { useInvoicesT } from '../i18n';

type Amounts = {
  subtotal: number;
  discount: number;
  tax_total: number;
  total: number;
  amount_paid?: number;
  amount_refunded?: number;
  /** Taken off by credit notes: the amount due is the balance after them. */
  amount_credited?: number;
  amount_due?: number;
};

function Row({ label, value, strong = false, testId }: { label: string; value: string; strong?: boolean; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 3, py: 0.5 }}>
      <Typography
        component="dt"
        variant={strong ? 'subtitle1' : 'body2'}
        color={strong ? 'text.primary' : 'text.secondary'}
        sx={{ fontWeight: strong ? 700 : 400 }}
      >
        {label}
      </Typography>
      <Typography
        component="dd"
        variant={strong ? 'subtitle1' : 'body2'}
        sx={{ m: 0, fontWeight: strong ? 700 : 500, fontVariantNumeric: 'tabular-nums' }}
        data-testid={testId}
      >
        {value}
      </Typography>
    </Box>
  );
}

/** Subtotal, discount, tax and total; with the payments' and credit notes' effect when given. */
export function InvoiceAmounts({ amounts, currency }: { amounts: Amounts; currency: Currency }) {
  const { t } = useInvoicesT();
  const m = (minor: number) => formatMoney(minor, currency);
  return (
    <Box component="dl" sx={{ m: 0, minWidth: { sm: 280 } }} data-testid="invoice-amounts">
      <Row label={t('amounts.subtotal')} value={m(amounts.subtotal)} testId="invoice-subtotal" />
      {amounts.discount > 0 && <Row label={t('amounts.discount')} value={`−${m(amounts.discount)}`} testId="invoice-discount" />}
      <Row label={t('amounts.tax')} value={m(amounts.tax_total)} testId="invoice-tax" />
      <Row label={t('amounts.total')} value={m(amounts.total)} strong testId="invoice-total" />
      {amounts.amount_paid !== undefined && amounts.amount_paid !== 0 && (
        <Row label={t('amounts.paid')} value={m(amounts.amount_paid)} testId="invoice-paid" />
      )}
      {!!amounts.amount_refunded && <Row label={t('amounts.refunded')} value={m(amounts.amount_refunded)} />}
      {!!amounts.amount_credited && <Row label={t('amounts.creditNotes')} value={`−${m(amounts.amount_credited)}`} testId="invoice-credited" />}
      {amounts.amount_due !== undefined && (
        <Row
          label={amounts.amount_credited ? t('amounts.amountDueAfterCredits') : t('amounts.amountDue')}
          value={m(amounts.amount_due)}
          strong
          testId="invoice-due"
        />
      )}
    </Box>
  );
}
