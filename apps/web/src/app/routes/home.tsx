import { PublicTitle } from '../layouts/site-title';
import { usePublicConfig } from '../../features/config/hooks/use-public-config';
import { HomePage } from '../../features/landing/components/home-page';
import { useLandingT } from '../../features/landing/i18n';

export function HomeRoute() {
  const { t } = useLandingT();
  const brand = usePublicConfig()?.brand_name;
  return (
    <>
      <PublicTitle title={t('titles.home')} />
      <HomePage brandName={brand} />
    </>
  );
}
