import type { AppContext } from '../../context.js';
import type { AuthService } from '../auth/service.js';
import { acceptInvitation } from './actions/accept-invitation.js';
import { browseCompanies } from './actions/browse-companies.js';
import { changeMemberRole } from './actions/change-member-role.js';
import { exportCompaniesCsv } from './actions/export-companies-csv.js';
import { getCompanyDetail } from './actions/get-company-detail.js';
import { getCompany } from './actions/get-company.js';
import { inviteColleague } from './actions/invite-colleague.js';
import { listInvitations } from './actions/list-invitations.js';
import { listMembers } from './actions/list-members.js';
import { removeMember } from './actions/remove-member.js';
import { revokeInvitation } from './actions/revoke-invitation.js';
import { updateCompany } from './actions/update-company.js';
import type { CompanyDeps } from './deps.js';

/**
 * Client companies: a client's own company and its people (read by all of them, managed by its owners), the
 * invitations that bring colleagues in, and staff's view of every company. One action per file under actions/.
 */
export function createCompanyService(ctx: AppContext, auth: AuthService) {
  const deps: CompanyDeps = { ctx, auth };
  return {
    get: getCompany(deps),
    update: updateCompany(deps),
    members: listMembers(deps),
    changeRole: changeMemberRole(deps),
    remove: removeMember(deps),
    invite: inviteColleague(deps),
    invitations: listInvitations(deps),
    revokeInvitation: revokeInvitation(deps),
    acceptInvitation: acceptInvitation(deps),
    browse: browseCompanies(deps),
    detail: getCompanyDetail(deps),
    exportCsv: exportCompaniesCsv(deps),
  };
}

export type CompanyService = ReturnType<typeof createCompanyService>;
