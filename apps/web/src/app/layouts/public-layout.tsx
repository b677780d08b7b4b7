import { Outlet } from 'react-router';
import { SiteChrome } from './site-chrome';

export function PublicLayout() {
  return (
    <SiteChrome>
      <Outlet />
    </SiteChrome>
  );
}
