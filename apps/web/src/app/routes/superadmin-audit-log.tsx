import { PageHeading } from '../../components/page-heading';
import { AuditLog } from '../../features/audit/components/audit-log';
import { PageTitle } from '../../features/config/components/page-title';
import { useAuditT } from '../../features/audit/i18n';

export function SuperadminAuditLogRoute() {
  const { t } = useAuditT();
  return (
    <>
      <PageTitle title={t('page.title')} />
      <PageHeading title={t('page.title')}>{t('page.intro')}</PageHeading>
      <AuditLog />
    </>
  );
}
