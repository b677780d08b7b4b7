import { assertNever, parseInvoiceNo } from '@agency/schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import '../../../components/plain/public.css';
import { formatMoney } from '../../../lib/format';
import { errorMessage } from '../../../lib/http';
import { usePaymentT } from '../payment-i18n';
import { usePaymentStatus } from '../hooks/use-payment-status';

// The page's state icons (Material paths), drawn inline: the payment pages load no icon set.
const ICON_PATHS = {
  done: 'M16.59 7.58 10 14.17l-3.59-3.58L5 12l5 5 8-8zM12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m0 18c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
  problem:
    'M11 15h2v2h-2zm0-8h2v6h-2zm.99-5C6.47 2 2 6.48 2 12s4.47 10 9.99 10C17.52 22 22 17.52 22 12S17.52 2 11.99 2M12 20c-4.42 0-8-3.58-8-8s3.58-8 8-8 8 3.58 8 8-3.58 8-8 8',
  waiting: 'M6 2v6h.01L6 8.01 10 12l-4 4 .01.01H6V22h12v-5.99h-.01L18 16l-4-4 4-3.99-.01-.01H18V2zm10 14.5V20H8v-3.5l4-4z',
} as const;

const ICON_COLOURS = { success: '#157a3a', warning: '#a84e08', error: '#c62828', primary: '#4338ca', action: '#64748b' } as const;

function StateIcon({ shape, colour }: { shape: keyof typeof ICON_PATHS; colour: keyof typeof ICON_COLOURS }) {
  return (
    <svg viewBox="0 0 24 24" width="56" height="56" fill={ICON_COLOURS[colour]} aria-hidden="true" focusable="false">
      <path d={ICON_PATHS[shape]} />
    </svg>
  );
}

function Spinner() {
  return (
    <span className="pub-spinner" style={{ display: 'inline-block', width: 48, height: 48, borderWidth: 4, color: '#4338ca' }} aria-hidden="true" />
  );
}

function Panel({ icon, title, children, testId, state }: { icon: ReactNode; title: string; children: ReactNode; testId: string; state: string }) {
  return (
    <div style={{ padding: 'clamp(32px, 8vw, 64px) 16px' }}>
      <div className="pub-card" style={{ maxWidth: 520, margin: '0 auto', textAlign: 'center' }} data-testid={testId} data-state={state}>
        <div style={{ lineHeight: 1, marginBottom: 8 }}>{icon}</div>
        <h1 style={{ margin: '0 0 8px', fontSize: '1.5rem', fontWeight: 700 }} aria-live="polite">
          {title}
        </h1>
        {children}
      </div>
    </div>
  );
}

function Text({ children }: { children: ReactNode }) {
  return (
    <p className="pub-muted" style={{ margin: '0 0 24px' }}>
      {children}
    </p>
  );
}

function ButtonLink({ to, outlined, children, testId }: { to: string; outlined?: boolean; children: ReactNode; testId?: string }) {
  return (
    <Link to={to} className={outlined ? 'pub-btn pub-btn--outline' : 'pub-btn pub-btn--primary'} data-testid={testId}>
      {children}
    </Link>
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
  /** Where the client goes on after paying this invoice when they came from a proposal's path (its kickoff step). */
  continuePath?: (invoiceId: string) => string | null;
};

/**
 * The success page: "Payment received" once the provider's event has been processed, "Processing your payment…"
 * until then (asking every two seconds). The invoice itself is shown only to its signed-in client: anyone else,
 * staff included, reads the same public text, and the page asks the server nothing.
 */
export function PaymentSuccess({ invoiceNo, reader, invoicePath, invoicesPath, loginPath, continuePath }: PaymentSuccessProps) {
  const { t } = usePaymentT();
  const wellFormed = parseInvoiceNo(invoiceNo) !== null;
  if (!wellFormed) return <UnknownInvoice invoiceNo={invoiceNo} invoicesPath={invoicesPath} />;
  switch (reader) {
    case 'client':
      return <SignedInStatus invoiceNo={invoiceNo} invoicePath={invoicePath} invoicesPath={invoicesPath} continuePath={continuePath} />;
    case 'staff':
      return (
        <Panel icon={<StateIcon shape="waiting" colour="primary" />} title={t('paymentPage.thankYou')} testId="payment-success" state="public">
          <Text>{t('paymentPage.ifWentThrough', { number: invoiceNo })}</Text>
          <ButtonLink to={invoicesPath}>{t('paymentPage.continue')}</ButtonLink>
        </Panel>
      );
    case 'anonymous':
      return (
        <Panel icon={<StateIcon shape="waiting" colour="primary" />} title={t('paymentPage.thankYou')} testId="payment-success" state="signed-out">
          <Text>{t('paymentPage.ifWentThroughSignIn', { number: invoiceNo })}</Text>
          <ButtonLink to={loginPath}>{t('paymentPage.signIn')}</ButtonLink>
        </Panel>
      );
    default:
      return assertNever(reader);
  }
}

function UnknownInvoice({ invoiceNo, invoicesPath }: { invoiceNo: string; invoicesPath: string }) {
  const { t } = usePaymentT();
  return (
    <Panel icon={<StateIcon shape="problem" colour="warning" />} title={t('paymentPage.notFound')} testId="payment-success" state="unknown">
      <Text>{t('paymentPage.notFoundText', { number: invoiceNo })}</Text>
      <ButtonLink to={invoicesPath}>{t('paymentPage.yourInvoices')}</ButtonLink>
    </Panel>
  );
}

function SignedInStatus({ invoiceNo, invoicePath, invoicesPath, continuePath }: Omit<PaymentSuccessProps, 'reader' | 'loginPath'>) {
  const { t } = usePaymentT();
  const status = usePaymentStatus(invoiceNo);
  switch (status.state) {
    case 'loading':
      return (
        <Panel icon={<Spinner />} title={t('paymentPage.processing')} testId="payment-success" state="loading">
          <p className="pub-muted" style={{ margin: 0 }}>
            {t('paymentPage.oneMoment')}
          </p>
        </Panel>
      );
    case 'unknown':
      return <UnknownInvoice invoiceNo={invoiceNo} invoicesPath={invoicesPath} />;
    case 'error':
      return (
        <Panel icon={<StateIcon shape="problem" colour="error" />} title={t('paymentPage.checkFailed')} testId="payment-success" state="error">
          <p className="pub-alert pub-alert--error" role="alert" style={{ marginBottom: 16, textAlign: 'start' }}>
            {errorMessage(status.error)}
          </p>
          <button type="button" onClick={status.retry} className="pub-btn pub-btn--primary">
            {t('paymentPage.tryAgain')}
          </button>
        </Panel>
      );
    case 'received': {
      const next = continuePath?.(status.invoice.id) ?? null;
      const amount = formatMoney(status.invoice.amount_paid, status.invoice.currency);
      return (
        <Panel icon={<StateIcon shape="done" colour="success" />} title={t('paymentPage.received')} testId="payment-success" state="received">
          <Text>
            {status.invoice.project_title === null
              ? t('paymentPage.receivedText', { number: status.invoice.invoice_no, amount })
              : t('paymentPage.receivedTextProject', { number: status.invoice.invoice_no, project: status.invoice.project_title, amount })}
            {status.invoice.kind === 'deposit' && ` ${t('paymentPage.depositStarted')}`}
          </Text>
          {next && (
            <p style={{ margin: '0 0 12px' }}>
              <ButtonLink to={next} testId="continue-journey">
                {t('paymentPage.continueKickoff')}
              </ButtonLink>
            </p>
          )}
          <ButtonLink to={invoicePath(status.invoice.id)} outlined={Boolean(next)} testId="open-paid-invoice">
            {t('paymentPage.viewInvoice')}
          </ButtonLink>
        </Panel>
      );
    }
    case 'processing':
      return (
        <Panel
          icon={status.isSlow ? <StateIcon shape="waiting" colour="primary" /> : <Spinner />}
          title={t('paymentPage.processing')}
          testId="payment-success"
          state="processing"
        >
          <Text>{t(status.isSlow ? 'paymentPage.slow' : 'paymentPage.waiting', { number: status.invoice.invoice_no })}</Text>
          <ButtonLink to={invoicePath(status.invoice.id)} outlined>
            {t('paymentPage.viewInvoice')}
          </ButtonLink>
        </Panel>
      );
  }
}

/** The cancel page: nothing was charged, with the way back to the invoice. */
export function PaymentCancelled({ backPath }: { backPath: string }) {
  const { t } = usePaymentT();
  return (
    <Panel icon={<StateIcon shape="problem" colour="action" />} title={t('paymentPage.cancelled')} testId="payment-cancelled" state="cancelled">
      <Text>{t('paymentPage.cancelledText')}</Text>
      <ButtonLink to={backPath} testId="back-to-invoice">
        {t('paymentPage.backToInvoice')}
      </ButtonLink>
    </Panel>
  );
}
