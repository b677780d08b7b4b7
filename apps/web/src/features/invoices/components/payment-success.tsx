import { assertNever, parseInvoiceNo } from '@agency/schema';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassTopIcon from '@mui/icons-material/HourglassTop';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { usePaymentStatus } from '../hooks/use-payment-status';

function Panel({ icon, title, children, testId, state }: { icon: ReactNode; title: string; children: ReactNode; testId: string; state: string }) {
  return (
    <Box sx={{ px: 2, py: { xs: 4, sm: 8 } }}>
      <Card sx={{ maxWidth: 520, mx: 'auto', p: { xs: 3, sm: 4 }, textAlign: 'center' }} data-testid={testId} data-state={state}>
        <Box sx={{ fontSize: 56, lineHeight: 1, mb: 1, '& svg': { fontSize: 56 } }}>{icon}</Box>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }} aria-live="polite">
          {title}
        </Typography>
        {children}
      </Card>
    </Box>
  );
}

/**
 * Who reads the page: the invoice's client (signed in as a client: the invoice is theirs or it is unknown to them),
 * a signed-in member of the agency, or someone signed out.
 */
export type PaymentSuccessReader = 'client' | 'staff' | 'anonymous';

type PaymentSuccessProps = {
  invoiceNo: string;
  reader: PaymentSuccessReader;
  /** Where the invoice opens for this reader, and where to sign in. */
  invoicePath: (invoiceId: string) => string;
  /** The reader's own screen to go on to: a client's invoices, the staff's invoices or dashboard. */
  invoicesPath: string;
  loginPath: string;
};

/**
 * The success page: "Payment received" once the provider's event has been processed, "Processing your payment…"
 * until then (asking every two seconds). The invoice itself is shown only to its signed-in client: anyone else,
 * staff included, reads the same public text, and the page asks the server nothing.
 */
export function PaymentSuccess({ invoiceNo, reader, invoicePath, invoicesPath, loginPath }: PaymentSuccessProps) {
  const wellFormed = parseInvoiceNo(invoiceNo) !== null;
  if (!wellFormed) return <UnknownInvoice invoiceNo={invoiceNo} invoicesPath={invoicesPath} />;
  switch (reader) {
    case 'client':
      return <SignedInStatus invoiceNo={invoiceNo} invoicePath={invoicePath} invoicesPath={invoicesPath} />;
    case 'staff':
      return (
        <Panel icon={<HourglassTopIcon color="primary" />} title="Thank you" testId="payment-success" state="public">
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            If your payment for {invoiceNo} went through, a receipt is on its way by e-mail.
          </Typography>
          <Button component={Link} to={invoicesPath} variant="contained">
            Continue
          </Button>
        </Panel>
      );
    case 'anonymous':
      return (
        <Panel icon={<HourglassTopIcon color="primary" />} title="Thank you" testId="payment-success" state="signed-out">
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            If your payment for {invoiceNo} went through, a receipt is on its way by e-mail. Sign in to see the invoice.
          </Typography>
          <Button component={Link} to={loginPath} variant="contained">
            Sign in
          </Button>
        </Panel>
      );
    default:
      return assertNever(reader);
  }
}

function UnknownInvoice({ invoiceNo, invoicesPath }: { invoiceNo: string; invoicesPath: string }) {
  return (
    <Panel icon={<ErrorOutlineIcon color="warning" />} title="Invoice not found" testId="payment-success" state="unknown">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        We cannot find an invoice numbered “{invoiceNo}” among yours. If you have just paid, nothing is lost: the receipt comes by e-mail.
      </Typography>
      <Button component={Link} to={invoicesPath} variant="contained">
        Your invoices
      </Button>
    </Panel>
  );
}

function SignedInStatus({ invoiceNo, invoicePath, invoicesPath }: Omit<PaymentSuccessProps, 'reader' | 'loginPath'>) {
  const status = usePaymentStatus(invoiceNo);
  switch (status.state) {
    case 'loading':
      return (
        <Panel icon={<CircularProgress size={48} />} title="Processing your payment…" testId="payment-success" state="loading">
          <Typography color="text.secondary">One moment.</Typography>
        </Panel>
      );
    case 'unknown':
      return <UnknownInvoice invoiceNo={invoiceNo} invoicesPath={invoicesPath} />;
    case 'error':
      return (
        <Panel icon={<ErrorOutlineIcon color="error" />} title="We could not check your payment" testId="payment-success" state="error">
          <Alert severity="error" sx={{ mb: 2, textAlign: 'left' }}>
            {errorMessage(status.error)}
          </Alert>
          <Button onClick={status.retry} variant="contained">
            Try again
          </Button>
        </Panel>
      );
    case 'received':
      return (
        <Panel icon={<CheckCircleOutlineIcon color="success" />} title="Payment received" testId="payment-success" state="received">
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Thank you: {status.invoice.invoice_no} for “{status.invoice.project_title}” is paid (
            {formatMoney(status.invoice.amount_paid, status.invoice.currency)}). A receipt is on its way by e-mail.
          </Typography>
          <Button component={Link} to={invoicePath(status.invoice.id)} variant="contained" data-testid="open-paid-invoice">
            View the invoice
          </Button>
        </Panel>
      );
    case 'processing':
      return (
        <Panel
          icon={status.isSlow ? <HourglassTopIcon color="primary" /> : <CircularProgress size={48} />}
          title="Processing your payment…"
          testId="payment-success"
          state="processing"
        >
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {status.isSlow
              ? `Your bank has not confirmed the payment for ${status.invoice.invoice_no} yet. There is nothing more to do: we will e-mail a receipt when it arrives.`
              : `We are waiting for the confirmation of your payment for ${status.invoice.invoice_no}. This usually takes a few seconds.`}
          </Typography>
          <Button component={Link} to={invoicePath(status.invoice.id)} variant="outlined">
            View the invoice
          </Button>
        </Panel>
      );
  }
}

/** The cancel page: nothing was charged, with the way back to the invoice. */
export function PaymentCancelled({ backPath }: { backPath: string }) {
  return (
    <Panel icon={<ErrorOutlineIcon color="action" />} title="Payment cancelled" testId="payment-cancelled" state="cancelled">
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Nothing was charged. Your invoice is still open: you can pay it whenever you are ready.
      </Typography>
      <Button component={Link} to={backPath} variant="contained" data-testid="back-to-invoice">
        Back to the invoice
      </Button>
    </Panel>
  );
}
