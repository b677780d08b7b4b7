import { useConfig } from '../../features/config/hooks/use-config';
import { PageTitle } from '../../features/config/components/page-title';
import { HomePage } from '../../features/landing/components/home-page';

export function HomeRoute() {
  const brand = useConfig().data?.brand_name;
  return (
    <>
      <PageTitle title="Home" />
      <HomePage brandName={brand} />
    </>
  );
}
