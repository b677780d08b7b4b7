import Stack from '@mui/material/Stack';
import { ListError, ListLoading } from '../../components/list-states';
import { PageHeading } from '../../components/page-heading';
import { PageTitle } from '../../features/config/components/page-title';
import { useBrand } from '../../features/brand/api/brand-settings';
import { BrandForm } from '../../features/brand/components/brand-form';
import { LogoCard } from '../../features/brand/components/logo-card';
import { useBrandT } from '../../features/brand/i18n';
import { errorMessage } from '../../lib/http';

/** /settings/brand, for the super admin: the agency's name, logo, colour, contact lines, mail sender and footer links. */
export function BrandSettingsRoute() {
  const { t } = useBrandT();
  const brand = useBrand();
  return (
    <>
      <PageTitle title={t('page.title')} />
      <PageHeading title={t('page.title')}>{t('page.intro')}</PageHeading>
      {brand.isPending && <ListLoading label={t('page.loading')} />}
      {brand.isError && <ListError message={errorMessage(brand.error)} onRetry={() => void brand.refetch()} />}
      {brand.data && (
        <Stack spacing={3}>
          <LogoCard brand={brand.data} />
          <BrandForm brand={brand.data} />
        </Stack>
      )}
    </>
  );
}
