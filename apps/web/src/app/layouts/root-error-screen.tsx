import { ErrorScreen } from '../../components/error-screen';
import { PageTitle } from '../../features/config/components/page-title';
import { UiProviders } from '../ui-shell';
import { SiteChrome } from './site-chrome';

export function RootErrorScreen() {
  return (
    <UiProviders>
      <PageTitle title="Error" />
      <SiteChrome>
        <ErrorScreen />
      </SiteChrome>
    </UiProviders>
  );
}
