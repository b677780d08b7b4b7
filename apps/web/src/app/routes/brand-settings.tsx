import Stack from '@mui/material/Stack';
import { ListError, ListLoading } from '../../components/list-states';
import { PageHeading } from '../../components/page-heading';
import { PageTitle } from '../../features/config/components/page-title';
import { useBrand } from '../../features/brand/api/brand-settings';
import { BrandForm } from '../../features/brand/components/brand-form';
import { LogoCard } from '../../features/brand/components/logo-card';
import { errorMessage } from '../../lib/http';

/** /settings/brand, for the super admin: the agency's name, logo, colour, contact lines, mail sender and footer links. */
export function BrandSettingsRoute() {
  const brand = useBrand();
  return (
    <>
      <PageTitle title="Brand" />
      <PageHeading title="Brand">
        Your agency's name, logo and colour on every screen, e-mail and document, and the contact lines and links clients see.
      </PageHeading>
      {brand.isPending && <ListLoading label="Loading the brand…" />}
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
