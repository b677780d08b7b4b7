import { PublicTitle } from '../layouts/site-title';
import { usePublicConfig } from '../../features/config/hooks/use-public-config';
import { HomePage } from '../../features/landing/components/home-page';

export function HomeRoute() {
  const brand = usePublicConfig()?.brand_name;
  return (
    <>
      <PublicTitle title="Home" />
      <HomePage brandName={brand} />
    </>
  );
}
