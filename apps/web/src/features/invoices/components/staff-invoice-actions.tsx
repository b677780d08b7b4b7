import { canChangeInvoiceStatus, isPayable, type Invoice, type Role } from '@agency/schema';
import BlockIcon from '@mui/icons-material/Block';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PaymentsOutlinedIcon from '@mui/icons-material/PaymentsOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import DoneIcon from '@mui/icons-material/Done';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { notify } from '../../../lib/notify';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { formatMoney, toMinorUnits } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { useInvoicesT } from '../i18n';
import { useClearAttention } from '../api/clear-attention';
import { useCreateCreditNote } from '../api/create-credit-note';
import { useRecordPayment } from '../api/record-payment';
import { useRefundPayment } from '../api/refund-payment';
import { useSendInvoice } from '../api/send-invoice';
import { useVoidInvoice } from '../api/void-invoice';
import { AmountReasonDialog } from './amount-reason-dialog';
import { InvoiceEditorDialog } from './invoice-editor-dialog';
import { DateInput } from '../../../components/date-input';

type Open = 'edit' | 'send' | 'payment' | 'credit' | 'refund' | 'void' | null;

/** What staff may do with an invoice in its state: edit and send a draft, record a payment, refund a card payment, void. */
export function StaffInvoiceActions({ invoice, role }: { invoice: Invoice; role: Role }) {
  const { t } = useInvoicesT();
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const send = useSendInvoice();
  const record = useRecordPayment();
  const credit = useCreateCreditNote();
  const [creditNote, setCreditNote] = useState({ amount: '', reason: '' });
  const refund = useRefundPayment();
  const voiding = useVoidInvoice();
  const clear = useClearAttention();
  const today = new Date().toISOString().slice(0, 10);

  const [payment, setPayment] = useState({ amount: '', date: today, reference: '' });
  const refundable = invoice.payments.filter((p) => p.refundable > 0);
  const [refundChoice, setRefundChoice] = useState({ paymentId: '', amount: '' });
  const [reason, setReason] = useState('');
  const [formError, setFormError] = useState<string | null>(null);

  const fail = (error: unknown) => setFormError(errorMessage(error));
  const done = (message: string) => () => {
    notify.success(message);
    setFormError(null);
    close();
  };

  function openDialog(which: Open) {
    setFormError(null);
    if (which === 'payment') setPayment({ amount: '', date: today, reference: '' });
    if (which === 'refund') setRefundChoice({ paymentId: refundable[0]?.id ?? '', amount: '' });
    if (which === 'void') setReason('');
    if (which === 'credit') setCreditNote({ amount: '', reason: '' });
    setOpen(which);
  }

  function handleRecord() {
    const amount = toMinorUnits(payment.amount, invoice.currency);
    if (amount === null || amount <= 0) return setFormError(t('actions.errors.amountReceived', { currency: invoice.currency }));
    if (!payment.reference.trim()) return setFormError(t('actions.errors.reference'));
    record.mutate(
      { id: invoice.id, input: { amount, date: payment.date, reference: payment.reference.trim() } },
      { onSuccess: done(t('actions.paymentDialog.done')), onError: fail },
    );
  }

  function handleCredit() {
    const amount = toMinorUnits(creditNote.amount, invoice.currency);
    if (amount === null || amount <= 0) return setFormError(t('actions.errors.creditAmount', { currency: invoice.currency }));
    if (amount > invoice.amount_due)
      return setFormError(t('actions.errors.creditAtMost', { amount: formatMoney(invoice.amount_due, invoice.currency) }));
    if (creditNote.reason.trim().length < 3) return setFormError(t('actions.errors.creditReason'));
    credit.mutate(
      { id: invoice.id, input: { amount, reason: creditNote.reason.trim() } },
      { onSuccess: (data) => done(t('actions.creditDialog.done', { number: data.credit_note.credit_note_no }))(), onError: fail },
    );
  }

  function handleRefund() {
    const chosen = refundable.find((p) => p.id === refundChoice.paymentId);
    if (!chosen) return setFormError(t('actions.errors.refundChoose'));
    const amount = refundChoice.amount.trim() === '' ? undefined : toMinorUnits(refundChoice.amount, invoice.currency);
    if (amount === null || (amount !== undefined && (amount <= 0 || amount > chosen.refundable))) {
      return setFormError(t('actions.errors.refundAmount', { amount: formatMoney(chosen.refundable, invoice.currency) }));
    }
    refund.mutate({ id: invoice.id, input: { payment_id: chosen.id, amount } }, { onSuccess: done(t('actions.refundDialog.done')), onError: fail });
  }

  function handleVoid() {
    if (reason.trim().length < 3) return setFormError(t('actions.errors.voidReason'));
    voiding.mutate({ id: invoice.id, reason: reason.trim() }, { onSuccess: done(t('actions.voidDialog.done')), onError: fail });
  }

  const canPay = isPayable(invoice.status) && invoice.amount_due > 0;
  return (
    <>
      {invoice.status === 'draft' && (
        <>
          <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => openDialog('edit')} data-testid="invoice-edit">
            {t('actions.edit')}
          </Button>
          {canChangeInvoiceStatus(role, 'draft', 'sent') && (
            <Button variant="contained" startIcon={<SendOutlinedIcon />} onClick={() => openDialog('send')} data-testid="invoice-send">
              {t('actions.send')}
            </Button>
          )}
        </>
      )}
      {canPay && (
        <Button variant="contained" startIcon={<PaymentsOutlinedIcon />} onClick={() => openDialog('payment')} data-testid="invoice-record-payment">
          {t('actions.recordPayment')}
        </Button>
      )}
      {canPay && (
        <Button variant="outlined" onClick={() => openDialog('credit')} data-testid="invoice-credit-note">
          {t('actions.creditNote')}
        </Button>
      )}
      {refundable.length > 0 && (
        <Button variant="outlined" startIcon={<UndoIcon />} onClick={() => openDialog('refund')} data-testid="invoice-refund">
          {t('actions.refund')}
        </Button>
      )}
      {invoice.needs_attention && (
        <Button
          variant="outlined"
          color="warning"
          startIcon={<DoneIcon />}
          loading={clear.isPending}
          onClick={() =>
            clear.mutate(invoice.id, { onSuccess: () => notify.success(t('actions.markedDealtWith')), onError: (e) => notify.error(errorMessage(e)) })
          }
        >
          {t('actions.markDealtWith')}
        </Button>
      )}
      {canChangeInvoiceStatus(role, invoice.status, 'void') && (
        <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={() => openDialog('void')} data-testid="invoice-void">
          {t('actions.void')}
        </Button>
      )}

      {open === 'edit' && <InvoiceEditorDialog open invoice={invoice} onClose={close} onSaved={done(t('actions.draftSaved'))} />}

      <ConfirmDialog
        open={open === 'send'}
        title={t('actions.sendDialog.title', { number: invoice.invoice_no })}
        confirmLabel={t('actions.sendDialog.confirm')}
        confirmColor="primary"
        isPending={send.isPending}
        onClose={close}
        onConfirm={() => send.mutate(invoice.id, { onSuccess: done(t('actions.sendDialog.done')), onError: (e) => notify.error(errorMessage(e)) })}
      >
        {t('actions.sendDialog.text', { client: invoice.client.name, amount: formatMoney(invoice.total, invoice.currency) })}
      </ConfirmDialog>

      <AmountReasonDialog
        open={open === 'payment'}
        title={t('actions.paymentDialog.title')}
        confirmLabel={t('actions.paymentDialog.confirm')}
        isPending={record.isPending}
        onClose={close}
        onConfirm={handleRecord}
        intro={t('actions.paymentDialog.intro', { number: invoice.invoice_no, amount: formatMoney(invoice.amount_due, invoice.currency) })}
        currency={invoice.currency}
        amount={{ value: payment.amount, onChange: (amount) => setPayment({ ...payment, amount }), testId: 'payment-amount' }}
        text={{
          label: t('actions.paymentDialog.reference'),
          value: payment.reference,
          onChange: (reference) => setPayment({ ...payment, reference }),
          maxLength: 200,
          testId: 'payment-reference',
        }}
        error={formError}
      >
        <DateInput label={t('actions.paymentDialog.dateReceived')} value={payment.date} onChange={(date) => setPayment({ ...payment, date })} />
      </AmountReasonDialog>

      <AmountReasonDialog
        open={open === 'credit'}
        title={t('actions.creditDialog.title')}
        confirmLabel={t('actions.creditDialog.confirm')}
        isPending={credit.isPending}
        onClose={close}
        onConfirm={handleCredit}
        intro={t('actions.creditDialog.intro', { number: invoice.invoice_no, amount: formatMoney(invoice.amount_due, invoice.currency) })}
        currency={invoice.currency}
        amount={{ value: creditNote.amount, onChange: (amount) => setCreditNote({ ...creditNote, amount }), testId: 'credit-amount' }}
        text={{
          label: t('actions.creditDialog.reason'),
          value: creditNote.reason,
          onChange: (reason) => setCreditNote({ ...creditNote, reason }),
          maxLength: 500,
          testId: 'credit-reason',
        }}
        error={formError}
      />

      <ConfirmDialog
        open={open === 'refund'}
        title={t('actions.refundDialog.title')}
        confirmLabel={t('actions.refundDialog.confirm')}
        isPending={refund.isPending}
        onClose={close}
        onConfirm={handleRefund}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <span>{t('actions.refundDialog.text')}</span>
          <TextField
            select
            label={t('actions.refundDialog.payment')}
            value={refundChoice.paymentId}
            onChange={(e) => setRefundChoice({ ...refundChoice, paymentId: e.target.value })}
          >
            {refundable.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {t('actions.refundDialog.option', { reference: p.reference ?? p.id, amount: formatMoney(p.refundable, invoice.currency) })}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={t('amountLabel', { currency: invoice.currency })}
            placeholder={t('actions.refundDialog.allOfIt')}
            value={refundChoice.amount}
            onChange={(e) => setRefundChoice({ ...refundChoice, amount: e.target.value })}
            slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'refund-amount' } }}
          />
          {formError && (
            <Typography role="alert" color="error" variant="body2">
              {formError}
            </Typography>
          )}
        </Stack>
      </ConfirmDialog>

      <ConfirmDialog
        open={open === 'void'}
        title={t('actions.voidDialog.title', { number: invoice.invoice_no })}
        confirmLabel={t('actions.voidDialog.confirm')}
        isPending={voiding.isPending}
        onClose={close}
        onConfirm={handleVoid}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <span>{t('actions.voidDialog.text')}</span>
          <TextField
            label={t('actions.voidDialog.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            autoFocus
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500, 'data-testid': 'void-reason' } }}
          />
          {formError && (
            <Typography role="alert" color="error" variant="body2">
              {formError}
            </Typography>
          )}
        </Stack>
      </ConfirmDialog>
    </>
  );
}
