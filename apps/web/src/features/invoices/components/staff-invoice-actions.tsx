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
    if (amount === null || amount <= 0) return setFormError(`Enter the amount received in ${invoice.currency}.`);
    if (!payment.reference.trim()) return setFormError('Enter the bank transfer reference.');
    record.mutate(
      { id: invoice.id, input: { amount, date: payment.date, reference: payment.reference.trim() } },
      { onSuccess: done('Payment recorded'), onError: fail },
    );
  }

  function handleCredit() {
    const amount = toMinorUnits(creditNote.amount, invoice.currency);
    if (amount === null || amount <= 0) return setFormError(`Enter the amount to credit in ${invoice.currency}.`);
    if (amount > invoice.amount_due)
      return setFormError(`A credit note can be at most what is left: ${formatMoney(invoice.amount_due, invoice.currency)}.`);
    if (creditNote.reason.trim().length < 3) return setFormError('Say why (at least 3 characters).');
    credit.mutate(
      { id: invoice.id, input: { amount, reason: creditNote.reason.trim() } },
      { onSuccess: (data) => done(`Credit note ${data.credit_note.credit_note_no} issued`)(), onError: fail },
    );
  }

  function handleRefund() {
    const chosen = refundable.find((p) => p.id === refundChoice.paymentId);
    if (!chosen) return setFormError('Choose the card payment to refund.');
    const amount = refundChoice.amount.trim() === '' ? undefined : toMinorUnits(refundChoice.amount, invoice.currency);
    if (amount === null || (amount !== undefined && (amount <= 0 || amount > chosen.refundable))) {
      return setFormError(`Enter an amount up to ${formatMoney(chosen.refundable, invoice.currency)}, or leave it empty to refund it all.`);
    }
    refund.mutate({ id: invoice.id, input: { payment_id: chosen.id, amount } }, { onSuccess: done('Refund issued'), onError: fail });
  }

  function handleVoid() {
    if (reason.trim().length < 3) return setFormError('Give a reason (at least 3 characters).');
    voiding.mutate({ id: invoice.id, reason: reason.trim() }, { onSuccess: done('Invoice voided'), onError: fail });
  }

  const canPay = isPayable(invoice.status) && invoice.amount_due > 0;
  return (
    <>
      {invoice.status === 'draft' && (
        <>
          <Button variant="outlined" startIcon={<EditOutlinedIcon />} onClick={() => openDialog('edit')} data-testid="invoice-edit">
            Edit
          </Button>
          {canChangeInvoiceStatus(role, 'draft', 'sent') && (
            <Button variant="contained" startIcon={<SendOutlinedIcon />} onClick={() => openDialog('send')} data-testid="invoice-send">
              Send
            </Button>
          )}
        </>
      )}
      {canPay && (
        <Button variant="contained" startIcon={<PaymentsOutlinedIcon />} onClick={() => openDialog('payment')} data-testid="invoice-record-payment">
          Record payment
        </Button>
      )}
      {canPay && (
        <Button variant="outlined" onClick={() => openDialog('credit')} data-testid="invoice-credit-note">
          Credit note
        </Button>
      )}
      {refundable.length > 0 && (
        <Button variant="outlined" startIcon={<UndoIcon />} onClick={() => openDialog('refund')} data-testid="invoice-refund">
          Refund
        </Button>
      )}
      {invoice.needs_attention && (
        <Button
          variant="outlined"
          color="warning"
          startIcon={<DoneIcon />}
          loading={clear.isPending}
          onClick={() =>
            clear.mutate(invoice.id, { onSuccess: () => notify.success('Marked as dealt with'), onError: (e) => notify.error(errorMessage(e)) })
          }
        >
          Mark flag dealt with
        </Button>
      )}
      {canChangeInvoiceStatus(role, invoice.status, 'void') && (
        <Button variant="outlined" color="error" startIcon={<BlockIcon />} onClick={() => openDialog('void')} data-testid="invoice-void">
          Void
        </Button>
      )}

      {open === 'edit' && <InvoiceEditorDialog open invoice={invoice} onClose={close} onSaved={done('Draft saved')} />}

      <ConfirmDialog
        open={open === 'send'}
        title={`Send ${invoice.invoice_no}?`}
        confirmLabel="Send"
        confirmColor="primary"
        isPending={send.isPending}
        onClose={close}
        onConfirm={() => send.mutate(invoice.id, { onSuccess: done('Invoice sent'), onError: (e) => notify.error(errorMessage(e)) })}
      >
        {invoice.client.name} gets it in the app and by e-mail with the PDF, for {formatMoney(invoice.total, invoice.currency)}. A sent invoice can no
        longer be edited.
      </ConfirmDialog>

      <AmountReasonDialog
        open={open === 'payment'}
        title="Record a payment"
        confirmLabel="Record payment"
        isPending={record.isPending}
        onClose={close}
        onConfirm={handleRecord}
        intro={
          <>
            A bank transfer received for {invoice.invoice_no}. Due now: {formatMoney(invoice.amount_due, invoice.currency)}.
          </>
        }
        currency={invoice.currency}
        amount={{ value: payment.amount, onChange: (amount) => setPayment({ ...payment, amount }), testId: 'payment-amount' }}
        text={{
          label: 'Reference',
          value: payment.reference,
          onChange: (reference) => setPayment({ ...payment, reference }),
          maxLength: 200,
          testId: 'payment-reference',
        }}
        error={formError}
      >
        <DateInput label="Date received" value={payment.date} onChange={(date) => setPayment({ ...payment, date })} />
      </AmountReasonDialog>

      <AmountReasonDialog
        open={open === 'credit'}
        title="Issue a credit note"
        confirmLabel="Issue credit note"
        isPending={credit.isPending}
        onClose={close}
        onConfirm={handleCredit}
        intro={
          <>
            Takes an amount off {invoice.invoice_no} (a correction or a goodwill credit). Left to pay:{' '}
            {formatMoney(invoice.amount_due, invoice.currency)}.
          </>
        }
        currency={invoice.currency}
        amount={{ value: creditNote.amount, onChange: (amount) => setCreditNote({ ...creditNote, amount }), testId: 'credit-amount' }}
        text={{
          label: 'Reason',
          value: creditNote.reason,
          onChange: (reason) => setCreditNote({ ...creditNote, reason }),
          maxLength: 500,
          testId: 'credit-reason',
        }}
        error={formError}
      />

      <ConfirmDialog
        open={open === 'refund'}
        title="Refund a card payment?"
        confirmLabel="Refund"
        isPending={refund.isPending}
        onClose={close}
        onConfirm={handleRefund}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <span>The money goes back to the client's card through the payment provider. This cannot be undone.</span>
          <TextField
            select
            label="Payment"
            value={refundChoice.paymentId}
            onChange={(e) => setRefundChoice({ ...refundChoice, paymentId: e.target.value })}
          >
            {refundable.map((p) => (
              <MenuItem key={p.id} value={p.id}>
                {p.reference ?? p.id} · {formatMoney(p.refundable, invoice.currency)} refundable
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label={`Amount (${invoice.currency})`}
            placeholder="All of it"
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
        title={`Void ${invoice.invoice_no}?`}
        confirmLabel="Void invoice"
        isPending={voiding.isPending}
        onClose={close}
        onConfirm={handleVoid}
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <span>A void invoice is no longer due and can never be changed again.</span>
          <TextField
            label="Reason"
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
