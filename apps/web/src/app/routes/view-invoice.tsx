import { isPayable } from '@agency/schema';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { StatementPanel } from '../../features/billing/components/statement-panel';
import { PageTitle } from '../../features/config/components/page-title';
import { TestModeBanner } from '../../features/config/components/test-mode-banner';
import { InvoiceDetail } from '../../features/invoices/components/invoice-detail';
import { InvoiceList } from '../../features/invoices/components/invoice-list';
import { PayButton } from '../../features/invoices/components/pay-button';
import { useInvoicesT } from '../../features/invoices/i18n';
import { InvoicesForbidden } from '../../features/invoices/components/invoices-forbidden';
import { InvoiceTimeSection } from '../../features/time/components/invoice-time-section';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { PageHeading } from '../../components/page-heading';
import { companyRoleOf, seesAmounts } from '../../lib/company-role';
import { paths } from '../../lib/paths';
import { invoicePathFor, projectPathFor } from '../../lib/project-links';

const detailPath = (id: string) => invoicePathFor('client', id) ?? paths.client.invoices;

/**
 * /view-invoice: the company's invoices with what is due, and its statement; `?id=<id>` opens one with Pay (card)
 * while something is due.
 * A company's members see no amounts: the screen says so instead of asking for what the server refuses them.
 */
export function ViewInvoiceRoute() {
  const { t } = useInvoicesT();
  const [searchParams] = useSearchParams();
  const { user } = useAuth();
  const id = searchParams.get('id');

  if (!seesAmounts(companyRoleOf(user))) {
    return (
      <>
        <PageTitle title={id ? t('client.invoiceTitle') : t('client.invoices')} />
        <PageHeading title={t('client.invoices')} />
        <InvoicesForbidden
          action={
            <Button component={RouterLink} to={paths.client.projects} variant="outlined">
              {t('client.myProjects')}
            </Button>
          }
        />
      </>
    );
  }

  if (id) {
    return (
      <>
        <PageTitle title={t('client.invoiceTitle')} />
        <TestModeBanner />
        <InvoiceDetail
          invoiceId={id}
          back={{ to: paths.client.invoices, label: t('client.myInvoices') }}
          renderActions={(invoice) =>
            isPayable(invoice.status) && invoice.amount_due > 0 ? (
              <Box sx={{ width: { xs: '100%', sm: 'auto' } }}>
                <PayButton invoice={invoice} size="large" fullWidth />
              </Box>
            ) : null
          }
          renderSections={(invoice) => <InvoiceTimeSection invoiceId={invoice.id} />}
          renderProjectLink={(invoice) =>
            invoice.project_id === null ? null : (
              <Link component={RouterLink} to={projectPathFor('client', invoice.project_id)}>
                {invoice.project_title}
              </Link>
            )
          }
        />
      </>
    );
  }

  return (
    <>
      <PageTitle title={t('client.myInvoices')} />
      <PageHeading title={t('client.myInvoices')}>{t('client.intro')}</PageHeading>
      <TestModeBanner />
      <InvoiceList title={t('client.invoices')} variant="client" getDetailPath={detailPath} emptyText={t('client.empty')} />
      {user?.company_id && (
        <Box sx={{ mt: 3 }}>
          <StatementPanel companyId={user.company_id} today={new Date().toISOString().slice(0, 10)} />
        </Box>
      )}
    </>
  );
}
