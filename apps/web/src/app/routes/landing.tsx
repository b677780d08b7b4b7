import { PublicTitle } from '../layouts/site-title';
import { usePublicConfig } from '../../features/config/hooks/use-public-config';
import { LandingPage } from '../../features/landing/components/landing-page';
import { useLandingT } from '../../features/landing/i18n';

export function LandingRoute() {
  const { t } = useLandingT();
  const brand = usePublicConfig()?.brand_name;
  return (
    <>
      <PublicTitle title={t('titles.landing')} />
      <LandingPage brandName={brand} />
    </>
  );
}
