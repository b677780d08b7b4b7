import { ROLE_DASHBOARD } from '@agency/schema';
import type { CSSProperties, ReactNode } from 'react';
import { SiteFooter } from '../../components/plain/footer';
import { SiteHeader } from '../../components/plain/header';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/plain/skip-link';
import { usePublicConfig } from '../../features/config/hooks/use-public-config';
import { initialsOf } from '../../lib/initials';
import { useSession } from '../../lib/session';

/**
 * The public header and footer around a page; brand and contact lines come from the server. Plain markup and no
 * query library, so the public pages load light.
 */
export function SiteChrome({ children }: { children: ReactNode }) {
  const config = usePublicConfig();
  const user = useSession().me?.user;
  const account = user ? { name: user.name, initials: initialsOf(user.name), dashboardPath: ROLE_DASHBOARD[user.role] } : null;
  // The brand's colour for the public pages' stylesheet (public.css reads --brand and --brand-dark).
  const style = config
    ? ({ '--brand': config.primary_color, '--brand-dark': `color-mix(in srgb, ${config.primary_color} 82%, #000)` } as CSSProperties)
    : undefined;
  const logoSrc = config?.logo_url ?? undefined;
  return (
    <div className="pub" style={style}>
      <SkipLink />
      <SiteHeader brandName={config?.brand_name} logoSrc={logoSrc} account={account} />
      <main id={MAIN_CONTENT_ID} tabIndex={-1} className="pub-main">
        {children}
      </main>
      <SiteFooter
        brandName={config?.brand_name}
        logoSrc={logoSrc}
        contactPhone={config?.contact_phone}
        contactEmail={config?.contact_email}
        links={config?.footer_links}
      />
    </div>
  );
}
