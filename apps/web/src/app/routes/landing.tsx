import { PublicTitle } from '../layouts/site-title';
import { usePublicConfig } from '../../features/config/hooks/use-public-config';
import { LandingPage } from '../../features/landing/components/landing-page';

export function LandingRoute() {
  const brand = usePublicConfig()?.brand_name;
  return (
    <>
      <PublicTitle title="Project delivery" />
      <LandingPage brandName={brand} />
    </>
  );
}
