import { invoiceStateNote, shownInvoiceNotes, type Invoice } from '@agency/schema';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import PictureAsPdfOutlinedIcon from '@mui/icons-material/PictureAsPdfOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { ListEmpty, ListLoading, RecordError } from '../../../components/list-states';
import { openDocument } from '../../../lib/documents';
import { formatDate, formatDateTime, formatMoney } from '../../../lib/format';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { notify } from '../../../lib/notify';
import { i18n } from '../../../i18n';
import { useInvoicesT } from '../i18n';
import { useInvoice } from '../api/get-invoice';
import { InvoiceAmounts } from './invoice-amounts';
import { InvoicesForbidden } from './invoices-forbidden';
import { InvoiceStatusChip } from './invoice-status-chip';

type Line = Invoice['lines'][number] & { index: number };

/** The sentence the invoice ends on for its state (the schema decides when there is one), in the reader's language. */
function stateNoteOf(invoice: Invoice): string | null {
  const paidOn = formatDate(invoice.paid_at);
  if (invoiceStateNote(invoice, paidOn) === null) return null;
  const t = i18n.getFixedT(null, 'invoices');
  if (invoice.status !== 'paid') return t('detail.stateNote.depositWaiting');
  const deposit = invoice.kind === 'deposit';
  if (paidOn) return t(deposit ? 'detail.stateNote.paidOnDeposit' : 'detail.stateNote.paidOnFull', { date: paidOn });
  return t(deposit ? 'detail.stateNote.paidDeposit' : 'detail.stateNote.paidFull');
}

function lineColumns(invoice: Invoice): DataColumn<Line>[] {
  const t = i18n.getFixedT(null, 'invoices');
  const m = (minor: number) => formatMoney(minor, invoice.currency);
  return [
    {
      id: 'description',
      header: t('detail.columns.description'),
      cell: (l) => l.description,
      minWidth: 200,
      card: 'title',
      cellSx: { overflowWrap: 'anywhere' },
    },
    { id: 'quantity', header: t('detail.columns.quantity'), align: 'right', cell: (l) => l.quantity, minWidth: 60, priority: 2 },
    {
      id: 'unit',
      header: t('detail.columns.unitPrice'),
      align: 'right',
      cell: (l) => m(l.unit_price),
      minWidth: 110,
      priority: 2,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'tax',
      header: t('detail.columns.tax'),
      align: 'right',
      cell: (l) => t('detail.taxCell', { rate: l.tax_rate, amount: m(l.tax) }),
      minWidth: 120,
      priority: 3,
      cellSx: { whiteSpace: 'nowrap' },
    },
    {
      id: 'amount',
      header: t('detail.columns.amount'),
      align: 'right',
      cell: (l) => m(l.amount),
      minWidth: 110,
      card: 'aside',
      cellSx: { whiteSpace: 'nowrap', fontWeight: 600 },
    },
  ];
}

type Payment = Invoice['payments'][number];

function paymentColumns(invoice: Invoice): DataColumn<Payment>[] {
  const t = i18n.getFixedT(null, 'invoices');
  return [
    {
      id: 'what',
      header: t('detail.columns.payment'),
      cell: (p) => (p.kind === 'refund' ? t(`refundMethod.${p.method}`) : t(`paymentMethod.${p.method}`)),
      minWidth: 140,
      card: 'title',
    },
    { id: 'date', header: t('detail.columns.date'), cell: (p) => formatDate(p.received_on), minWidth: 110, cellSx: { whiteSpace: 'nowrap' } },
    {
      id: 'reference',
      header: t('detail.columns.reference'),
      cell: (p) => p.reference ?? '—',
      minWidth: 160,
      priority: 2,
      cellSx: { overflowWrap: 'anywhere' },
    },
    {
      id: 'amount',
      header: t('detail.columns.amount'),
      align: 'right',
      cell: (p) => `${p.kind === 'refund' ? '−' : ''}${formatMoney(p.amount, invoice.currency)}`,
      minWidth: 110,
      card: 'aside',
      cellSx: { whiteSpace: 'nowrap', fontWeight: 600 },
    },
    {
      id: 'receipt',
      header: t('detail.columns.receipt'),
      isHeaderHidden: true,
      align: 'right',
      cell: (p) =>
        p.receipt_url ? (
          <Button
            onClick={() => openDocument(p.receipt_url!).catch((error: unknown) => notify.error(errorMessage(error)))}
            size="small"
            startIcon={<PictureAsPdfOutlinedIcon />}
            aria-label={t('detail.receiptLabel', { date: formatDate(p.received_on) })}
            data-testid="payment-receipt"
          >
            {t('detail.receipt')}
          </Button>
        ) : null,
      minWidth: 120,
      card: 'actions',
    },
  ];
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt" sx={{ display: 'block', textTransform: 'uppercase', letterSpacing: 0.4 }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

type InvoiceDetailProps = {
  invoiceId: string;
  back: { to: string; label: string };
  /** What the viewer may do: Pay for its client; send, record a payment, refund, void for staff. */
  renderActions?: (invoice: Invoice) => ReactNode;
  /** Shown beside the parties, e.g. a link to the project. */
  renderProjectLink?: (invoice: Invoice) => ReactNode;
  /** More about the invoice, below its lines (the hours it bills). */
  renderSections?: (invoice: Invoice) => ReactNode;
};

/** One invoice: number, status, parties and dates, the lines, the totals, the payments and the PDF. */
export function InvoiceDetail({ invoiceId, back, renderActions, renderProjectLink, renderSections }: InvoiceDetailProps) {
  const { t } = useInvoicesT();
  const query = useInvoice(invoiceId);
  const backLink = (
    <Button component={Link} to={back.to} startIcon={<ArrowBackIcon sx={{ '[dir="rtl"] &': { transform: 'scaleX(-1)' } }} />} sx={{ mb: 2, ml: -1 }}>
      {back.label}
    </Button>
  );
  if (query.isPending) {
    return (
      <>
        {backLink}
        <ListLoading label={t('detail.loading')} />
      </>
    );
  }
  if (query.isError) {
    return (
      <>
        {backLink}
        {hasErrorCode(query.error, 'FORBIDDEN') ? (
          <InvoicesForbidden />
        ) : (
          <RecordError error={query.error} missingText={t('detail.missing')} onRetry={() => void query.refetch()} data-testid="invoice-not-found" />
        )}
      </>
    );
  }
  const invoice = query.data;
  const lines = invoice.lines.map((line, index) => ({ ...line, index }));
  const notes = shownInvoiceNotes(invoice);
  const stateNote = stateNoteOf(invoice);
  return (
    <Box data-testid="invoice-detail" data-invoice-id={invoice.id} data-status={invoice.status}>
      {backLink}
      <Card component="article" aria-label={t('detail.label', { number: invoice.invoice_no })} sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, mb: 2 }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="invoice-number">
            {invoice.invoice_no}
          </Typography>
          <InvoiceStatusChip invoice={invoice} size="medium" />
          {invoice.kind === 'deposit' && <Typography color="text.secondary">{t('detail.deposit')}</Typography>}
          <Box sx={{ flex: 1 }} />
          <Button
            onClick={() => openDocument(invoice.pdf_url).catch((error: unknown) => notify.error(errorMessage(error)))}
            variant="outlined"
            startIcon={<PictureAsPdfOutlinedIcon />}
            data-testid="invoice-pdf"
          >
            {t('detail.pdf')}
          </Button>
        </Box>

        {invoice.needs_attention && (
          <Alert severity="warning" icon={<WarningAmberIcon />} sx={{ mb: 2 }} data-testid="invoice-attention-note">
            {invoice.attention_note}
          </Alert>
        )}
        {invoice.status === 'void' && invoice.void_reason && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('detail.voided', { date: formatDateTime(invoice.voided_at), reason: invoice.void_reason })}
          </Alert>
        )}

        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' }, mb: 2 }}>
          <Fact label={t('detail.client')}>{invoice.client.name}</Fact>
          <Fact label={t('detail.project')}>
            {invoice.project_id === null ? t('detail.noProject') : renderProjectLink ? renderProjectLink(invoice) : invoice.project_title}
          </Fact>
          <Fact label={t('detail.issued')}>{formatDate(invoice.issue_date)}</Fact>
          <Fact label={t('detail.due')}>{formatDate(invoice.due_date)}</Fact>
        </Box>

        {renderActions && <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>{renderActions(invoice)}</Box>}

        <Divider sx={{ mb: 1 }} />
        <DataTable
          columns={lineColumns(invoice)}
          rows={lines}
          getRowId={(line) => String(line.index)}
          label={t('detail.lines')}
          empty={<ListEmpty title={t('detail.noLines')} />}
          rowTestId="invoice-line"
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', px: { xs: 0, sm: 2 }, pt: 2 }}>
          <InvoiceAmounts amounts={invoice} currency={invoice.currency} />
        </Box>
        {stateNote &&
          (invoice.status === 'paid' ? (
            <Alert severity="success" sx={{ mt: 2 }} data-testid="invoice-state-note">
              {stateNote}
            </Alert>
          ) : (
            <Typography sx={{ mt: 2, fontWeight: 600 }} data-testid="invoice-state-note">
              {stateNote}
            </Typography>
          ))}
        {notes && (
          <Typography sx={{ mt: 2, whiteSpace: 'pre-wrap' }} color="text.secondary" data-testid="invoice-notes">
            {notes}
          </Typography>
        )}
      </Card>

      {renderSections?.(invoice)}

      <Card component="section" aria-label={t('detail.payments')} sx={{ mt: 3 }} data-testid="invoice-payments">
        <Typography variant="h6" component="h2" sx={{ px: { xs: 2, sm: 3 }, pt: 2, pb: 1 }}>
          {t('detail.payments')}
        </Typography>
        <DataTable
          columns={paymentColumns(invoice)}
          rows={invoice.payments}
          getRowId={(p) => p.id}
          label={t('detail.payments')}
          empty={<ListEmpty title={t('detail.noPayments')} />}
          rowTestId="invoice-payment"
        />
      </Card>
    </Box>
  );
}
