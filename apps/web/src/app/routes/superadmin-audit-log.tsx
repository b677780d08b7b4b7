import { PageHeading } from '../../components/page-heading';
import { AuditLog } from '../../features/audit/components/audit-log';
import { PageTitle } from '../../features/config/components/page-title';

export function SuperadminAuditLogRoute() {
  return (
    <>
      <PageTitle title="Audit log" />
      <PageHeading title="Audit log">
        What staff did, who did it, when and from which address: approvals, status changes, invitations, accounts and sign-in security.
      </PageHeading>
      <AuditLog />
    </>
  );
}
