import { ErrorScreen } from '../../components/error-screen';
import { PageTitle } from '../../features/config/components/page-title';
import { UiProviders } from '../ui-shell';
import { useDashboardPath } from '../use-dashboard-path';
import { SiteChrome } from './site-chrome';

function RootError() {
  const dashboardPath = useDashboardPath();
  return <ErrorScreen dashboardPath={dashboardPath} />;
}

export function RootErrorScreen() {
  return (
    <UiProviders>
      <PageTitle title="Error" />
      <SiteChrome>
        <RootError />
      </SiteChrome>
    </UiProviders>
  );
}
