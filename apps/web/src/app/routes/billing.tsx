import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useSearchParams } from 'react-router';
import { PageHeading } from '../../components/page-heading';
import { useAuth } from '../../features/auth/hooks/use-auth';
import { useBillingT } from '../../features/billing/i18n';
import { SavedCards } from '../../features/billing/components/saved-cards';
import { StatementPanel } from '../../features/billing/components/statement-panel';
import { PageTitle } from '../../features/config/components/page-title';
import { companyRoleOf } from '../../lib/company-role';

const today = () => new Date().toISOString().slice(0, 10);

/** /billing: the company's saved cards and autopay, and its statement (owners and billing people). */
export function BillingRoute() {
  const { t } = useBillingT();
  const { user } = useAuth();
  const [params] = useSearchParams();
  if (!user?.company_id) return null;
  const role = companyRoleOf(user);
  const returned = params.get('card');
  return (
    <>
      <PageTitle title={t('page.title')} />
      <PageHeading title={t('page.title')}>{t('page.intro')}</PageHeading>
      <Stack spacing={3} data-testid="billing-page">
        {returned === 'saved' && (
          <Alert severity="success" data-testid="card-saved">
            {t('page.cardSaved')}
          </Alert>
        )}
        {returned === 'cancelled' && <Alert severity="info">{t('page.noCardSaved')}</Alert>}
        <SavedCards canManage={role === 'owner' || role === 'billing'} />
        <StatementPanel companyId={user.company_id} today={today()} />
      </Stack>
    </>
  );
}
