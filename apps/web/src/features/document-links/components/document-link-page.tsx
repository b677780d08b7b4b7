import type { Proposal } from '@agency/schema';
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/plain/auth-card';
import { PlainField } from '../../../components/plain/field';
import { errorMessage, hasErrorCode } from '../../../lib/http';
import { formatDate, formatMoney } from '../../../lib/format';
import { paths } from '../../../lib/paths';
import { openPdf, redeemLink, scopedRequest, type LinkedDocument } from '../api/scoped';
import { useDocumentLinksT } from '../i18n';

type InvoiceView = {
  id: string;
  invoice_no: string;
  project_title: string;
  currency: string;
  total: number;
  amount_due: number;
  due_date: string;
  status: string;
};
type ContractView = { id: string; title: string; status: string; project_title?: string; document_sha256: string | null; signed_at: string | null };

type Opened =
  | { kind: 'invoice'; session: string; record: InvoiceView }
  | { kind: 'contract'; session: string; record: ContractView }
  | { kind: 'proposal'; session: string; record: Proposal; isCodeRequired: boolean };

type State = { step: 'opening' } | { step: 'failed'; message: string; expired: boolean } | { step: 'open'; doc: Opened };

// The statuses the page words itself (the server's own names otherwise, as they were shown before).
const INVOICE_STATUS_WORDS = ['draft', 'sent', 'partially_paid', 'paid', 'overdue', 'void'] as const;
const CONTRACT_STATUS_WORDS = ['draft', 'sent', 'signed', 'void', 'expired'] as const;
const isOneOf = <T extends string>(list: readonly T[], value: string): value is T => (list as readonly string[]).includes(value);

const RECORD_PATH: Record<LinkedDocument['kind'], (id: string) => string> = {
  invoice: (id) => `/invoices/${id}`,
  contract: (id) => `/contracts/${id}`,
  proposal: (id) => `/proposals/${id}`,
};

async function open(linkToken: string): Promise<Opened> {
  const { session_token: session, document } = await redeemLink(linkToken);
  const body = await scopedRequest<Record<string, unknown>>(session, RECORD_PATH[document.kind](document.id));
  const record = body[document.kind] as never;
  if (document.kind === 'contract') await scopedRequest(session, `/contracts/${document.id}/view`, { method: 'POST' }).catch(() => undefined);
  if (document.kind === 'proposal') {
    const proposal = record as Proposal;
    // Opening a sent proposal tells the agency it was seen (the server keeps the first time).
    if (proposal.status === 'sent' && !proposal.viewed_at) {
      await scopedRequest(session, `/proposals/${document.id}/view`, { method: 'POST' }).catch(() => undefined);
    }
    // Whether accepting asks for the code e-mailed to the addressee, as signing a contract does.
    const current = await scopedRequest<{ code_required_to_sign: boolean }>(session, '/document-links/current');
    return { kind: 'proposal', session, record: proposal, isCodeRequired: current.code_required_to_sign };
  }
  return { kind: document.kind, session, record } as Opened;
}

/** The invoice: what is due, and the card payment (the provider's checkout page, then back to /paymentsuccess). */
function InvoicePanel({ session, invoice }: { session: string; invoice: InvoiceView }) {
  const { t } = useDocumentLinksT();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const payable = invoice.amount_due > 0 && ['sent', 'partially_paid', 'overdue'].includes(invoice.status);
  const pay = async () => {
    setBusy(true);
    setError(null);
    try {
      const { url } = await scopedRequest<{ url: string }>(session, `/invoices/${invoice.id}/checkout`, { method: 'POST' });
      window.location.assign(url);
    } catch (e) {
      setError(errorMessage(e));
      setBusy(false);
    }
  };
  return (
    <div className="pub-form" data-testid="linked-invoice">
      <p className="pub-muted">{t('invoice.heading', { number: invoice.invoice_no, project: invoice.project_title })}</p>
      <p>
        <strong style={{ fontSize: 28 }}>{formatMoney(invoice.amount_due, invoice.currency)}</strong>
        <br />
        <span className="pub-muted">
          {payable
            ? t('invoice.dueBy', { date: formatDate(invoice.due_date) })
            : invoice.status === 'paid'
              ? t('invoice.paid')
              : t('invoice.status', {
                  status: isOneOf(INVOICE_STATUS_WORDS, invoice.status) ? t(`invoice.statuses.${invoice.status}`) : invoice.status.replace('_', ' '),
                })}
        </span>
      </p>
      {error && (
        <div className="pub-alert pub-alert--error" role="alert">
          {error}
        </div>
      )}
      {payable && (
        <button type="button" className="pub-btn pub-btn--primary pub-btn--large" onClick={pay} disabled={busy}>
          {busy ? t('invoice.openingPayment') : t('invoice.pay', { amount: formatMoney(invoice.amount_due, invoice.currency) })}
        </button>
      )}
      <button
        type="button"
        className="pub-btn pub-btn--outline"
        onClick={() => openPdf(session, `/invoices/${invoice.id}/pdf`).catch((e) => setError(errorMessage(e)))}
      >
        {t('invoice.pdf')}
      </button>
    </div>
  );
}

/** The contract: its PDF, and signing, which asks for the code e-mailed to the signer first. */
function ContractPanel({ session, contract }: { session: string; contract: ContractView }) {
  const { t } = useDocumentLinksT();
  const [signed, setSigned] = useState(contract.status === 'signed');
  const [name, setName] = useState('');
  const [agree, setAgree] = useState(false);
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const askCode = async () => {
    setError(null);
    try {
      const answer = await scopedRequest<{ sent_to: string }>(session, '/document-links/code', { method: 'POST' });
      setSentTo(answer.sent_to);
    } catch (e) {
      setError(errorMessage(e));
    }
  };
  const sign = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (name.trim().length < 2) return setError(t('contract.nameError'));
    if (!agree) return setError(t('contract.agreeError'));
    if (!/^\d{6}$/.test(code.trim())) return setError(t('contract.codeError'));
    setBusy(true);
    try {
      await scopedRequest(session, `/contracts/${contract.id}/sign`, {
        method: 'POST',
        body: {
          signature_name: name.trim(),
          agree: true,
          code: code.trim(),
          ...(contract.document_sha256 ? { document_sha256: contract.document_sha256 } : {}),
        },
      });
      setSigned(true);
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="pub-form" data-testid="linked-contract">
      <p className="pub-muted">“{contract.title}”</p>
      <button
        type="button"
        className="pub-btn pub-btn--outline"
        onClick={() => openPdf(session, `/contracts/${contract.id}/pdf`).catch((e) => setError(errorMessage(e)))}
      >
        {t('contract.read')}
      </button>
      {error && (
        <div className="pub-alert pub-alert--error" role="alert">
          {error}
        </div>
      )}
      {signed ? (
        <div className="pub-alert pub-alert--info" role="status">
          {t('contract.signed')}
        </div>
      ) : contract.status === 'sent' ? (
        <form className="pub-form" onSubmit={sign} noValidate>
          <PlainField
            label={t('contract.name')}
            name="signature_name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            autoComplete="name"
            required
          />
          <label style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
            <input type="checkbox" checked={agree} onChange={(e) => setAgree(e.target.checked)} />
            <span>{t('contract.agree')}</span>
          </label>
          <p className="pub-muted">{t('contract.codeIntro')}</p>
          <button type="button" className="pub-btn pub-btn--outline" onClick={askCode}>
            {sentTo ? t('contract.sendNewCode') : t('contract.emailCode')}
          </button>
          {sentTo && <p className="pub-muted">{t('contract.codeSent', { address: sentTo })}</p>}
          <PlainField
            label={t('contract.code')}
            name="code"
            value={code}
            onChange={(e) => setCode(e.target.value)}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            required
          />
          <button type="submit" className="pub-btn pub-btn--primary pub-btn--large" disabled={busy}>
            {busy ? t('contract.signing') : t('contract.sign')}
          </button>
        </form>
      ) : (
        <p className="pub-muted">
          {t('contract.nothingToSign', {
            status: isOneOf(CONTRACT_STATUS_WORDS, contract.status) ? t(`contract.statuses.${contract.status}`) : contract.status,
          })}
        </p>
      )}
    </div>
  );
}

/** What the page draws for a proposal: the app composes it from the proposals feature (it loads the UI kit). */
export type RenderLinkedProposal = (opened: { session: string; proposal: Proposal; isCodeRequired: boolean }) => ReactNode;

/**
 * /d/<token>: a proposal, a contract or an invoice opened from its e-mail, without a password. The link's session
 * reaches that one document only; it lives in this page, never in the browser's stored sign-in.
 */
export function DocumentLinkPage({ linkToken, renderProposal }: { linkToken: string; renderProposal: RenderLinkedProposal }) {
  const { t } = useDocumentLinksT();
  const [state, setState] = useState<State>({ step: 'opening' });
  useEffect(() => {
    let live = true;
    open(linkToken).then(
      (doc) => live && setState({ step: 'open', doc }),
      (e: unknown) =>
        live &&
        setState({
          step: 'failed',
          expired: hasErrorCode(e, 'LINK_INVALID'),
          message: hasErrorCode(e, 'LINK_INVALID') ? '' : errorMessage(e),
        }),
    );
    return () => {
      live = false;
    };
  }, [linkToken]);

  if (state.step === 'opening') {
    return (
      <AuthCard title={t('opening')}>
        <p className="pub-muted" role="status">
          {t('oneMoment')}
        </p>
      </AuthCard>
    );
  }
  if (state.step === 'failed') {
    return (
      <AuthCard title={t('failedTitle')}>
        <div className="pub-form">
          <div className="pub-alert pub-alert--error" role="alert">
            {state.expired ? `${t('expired')} ${t('expiredHint')}` : state.message}
          </div>
          <Link to={paths.login} className="pub-btn pub-btn--outline">
            {t('signIn')}
          </Link>
        </div>
      </AuthCard>
    );
  }
  const { doc } = state;
  return (
    <AuthCard title={t(`titles.${doc.kind}`)} subtitle={t('subtitle')} maxWidth={doc.kind === 'proposal' ? 'sm' : 'xs'}>
      {doc.kind === 'invoice' && <InvoicePanel session={doc.session} invoice={doc.record} />}
      {doc.kind === 'contract' && <ContractPanel session={doc.session} contract={doc.record} />}
      {doc.kind === 'proposal' && renderProposal({ session: doc.session, proposal: doc.record, isCodeRequired: doc.isCodeRequired })}
    </AuthCard>
  );
}
