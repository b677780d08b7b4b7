import type { Role } from '@agency/schema';
import { useParams } from 'react-router';
import { ListLoading } from '../../components/list-states';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageTitle } from '../../features/config/components/page-title';
import { PaymentSuccess } from '../../features/invoices/components/payment-success';
import { paths } from '../../lib/paths';
import { invoicePathFor } from '../../lib/project-links';

function invoicesPathFor(role: Role | undefined): string {
  if (role === 'admin') return paths.admin.invoices;
  if (role === 'superadmin') return paths.superadmin.invoices;
  return paths.client.invoices;
}

/** /paymentsuccess/{invoice_no}: public; the invoice's details only for a signed-in reader who may see it. */
export function PaymentSuccessRoute() {
  const { invoiceNo = '' } = useParams();
  const { user, isRestoring } = useAuth();
  if (isRestoring) return <ListLoading label="Loading..." />;
  const role = user?.role;
  const mayReadInvoices = role === 'client' || role === 'admin' || role === 'superadmin';
  return (
    <>
      <PageTitle title="Payment" />
      <PaymentSuccess
        invoiceNo={invoiceNo}
        isSignedIn={mayReadInvoices}
        invoicePath={(id) => (role ? invoicePathFor(role, id) : null) ?? paths.client.invoices}
        invoicesPath={invoicesPathFor(role)}
        loginPath={paths.login}
      />
    </>
  );
}
