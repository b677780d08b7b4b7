import { usePublicConfig } from '../../features/config/hooks/use-public-config';
import { LandingPage } from '../../features/landing/components/landing-page';

export function LandingRoute() {
  const brand = usePublicConfig()?.brand_name;
  return (
    <>
      <title>{brand ? `Project delivery · ${brand}` : 'Project delivery'}</title>
      <LandingPage brandName={brand} />
    </>
  );
}
