import { ErrorScreen } from '../../components/error-screen';
import { PageTitle } from '../../features/config/components/page-title';
import { useCommonT } from '../../i18n';
import { UiProviders } from '../ui-shell';
import { useDashboardPath } from '../use-dashboard-path';
import { SiteChrome } from './site-chrome';

function RootError() {
  const dashboardPath = useDashboardPath();
  return <ErrorScreen dashboardPath={dashboardPath} />;
}

export function RootErrorScreen() {
  const { t } = useCommonT();
  return (
    <UiProviders>
      <PageTitle title={t('pageTitles.error')} />
      <SiteChrome>
        <RootError />
      </SiteChrome>
    </UiProviders>
  );
}
