import type { Role } from '@agency/schema';
import { useParams } from 'react-router';
import { Loading } from '../../components/plain/loading';
import { PublicTitle } from '../layouts/site-title';
import { PaymentSuccess, type PaymentSuccessReader } from '../../features/invoices/components/payment-success';
import { paths } from '../../lib/paths';
import { invoicePathFor } from '../../lib/project-links';
import { usePaymentT } from '../../features/invoices/payment-i18n';
import { journeyOf } from '../../features/invoices/utils/proposal-journey';
import { useSession } from '../../lib/session';

function invoicesPathFor(role: Role | undefined): string {
  switch (role) {
    case 'admin':
      return paths.admin.invoices;
    case 'superadmin':
      return paths.superadmin.invoices;
    case 'teamlead':
      return paths.employee.teamleadDashboard;
    case 'teammember':
      return paths.employee.teammemberDashboard;
    case 'client':
    case undefined:
      return paths.client.invoices;
  }
}

function readerOf(role: Role | undefined): PaymentSuccessReader {
  if (!role) return 'anonymous';
  return role === 'client' ? 'client' : 'staff';
}

/** /paymentsuccess/{invoice_no}: public; the invoice's details only for its signed-in client. */
export function PaymentSuccessRoute() {
  const { t } = usePaymentT();
  const { invoiceNo = '' } = useParams();
  const { me, isRestoring } = useSession();
  if (isRestoring) return <Loading />;
  const role = me?.user.role;
  return (
    <>
      <PublicTitle title={t('paymentPage.title')} />
      <PaymentSuccess
        invoiceNo={invoiceNo}
        reader={readerOf(role)}
        invoicePath={(id) => (role ? invoicePathFor(role, id) : null) ?? paths.client.invoices}
        invoicesPath={invoicesPathFor(role)}
        loginPath={paths.login}
        continuePath={(invoiceId) => {
          const proposalId = role === 'client' ? journeyOf(invoiceId) : null;
          return proposalId ? `${paths.client.proposal}?id=${encodeURIComponent(proposalId)}` : null;
        }}
      />
    </>
  );
}
