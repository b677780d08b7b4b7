import { NOTIFICATION_TARGET_TYPES, ROLES, type NotificationTargetType, type Role } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import { notificationPath, parseTarget, targetPath } from './notification-target';

/** Where each reader opens each kind of target for the id 42; null where their role has no screen for it. */
const EXPECTED: Record<NotificationTargetType, Record<Role, string | null>> = {
  project: {
    client: '/view-project?id=42',
    admin: '/all-projects?id=42',
    superadmin: '/all-projects?id=42',
    teamlead: '/employee/teamlead-dashboardpage?id=42',
    teammember: '/employee/team-memberdashboardpage?id=42',
  },
  project_approval: {
    client: '/view-project?id=42',
    admin: '/all-projects?id=42',
    superadmin: '/project-approval?id=42',
    teamlead: '/employee/teamlead-dashboardpage?id=42',
    teammember: '/employee/team-memberdashboardpage?id=42',
  },
  tool_request: {
    client: '/tools-req',
    admin: '/tool-requests',
    superadmin: '/tool-requests',
    teamlead: null,
    teammember: null,
  },
  contract: {
    client: '/sign-contract?id=42',
    admin: '/admindashboard/contracts?id=42',
    superadmin: '/view-superadmin-contracts?id=42',
    teamlead: '/employee/team-contract?id=42',
    teammember: '/employee/team-contract?id=42',
  },
  proposal: {
    client: '/proposal?id=42',
    admin: '/proposals?id=42',
    superadmin: '/proposals?id=42',
    teamlead: null,
    teammember: null,
  },
  conversation: {
    client: '/messages',
    admin: null,
    superadmin: '/superadmin-reply-message',
    teamlead: null,
    teammember: null,
  },
  company: {
    client: '/company',
    admin: '/clients?id=42',
    superadmin: '/clients?id=42',
    teamlead: null,
    teammember: null,
  },
  person: {
    client: null,
    admin: '/employees',
    superadmin: '/employees',
    teamlead: null,
    teammember: null,
  },
  board_card: {
    client: null,
    admin: '/kanban-board?card=42',
    superadmin: '/kanban-board?card=42',
    teamlead: '/kanban-board?card=42',
    teammember: '/kanban-board?card=42',
  },
  training: {
    client: null,
    admin: '/training-materials?module=42',
    superadmin: '/training-materials?module=42',
    teamlead: '/employee/training?module=42',
    teammember: '/employee/training?module=42',
  },
  invoice: {
    client: '/view-invoice?id=42',
    admin: '/admindashboard/invoice?id=42',
    superadmin: '/view-superadmin-invoice?id=42',
    teamlead: null,
    teammember: null,
  },
};

describe('notification targets', () => {
  for (const type of NOTIFICATION_TARGET_TYPES) {
    for (const role of ROLES) {
      it(`a ${type} target opens ${EXPECTED[type][role] ?? 'nothing'} for a ${role}`, () => {
        expect(targetPath({ type, id: '42' }, role)).toBe(EXPECTED[type][role]);
      });
    }
  }

  it('encodes the id into the query', () => {
    expect(targetPath({ type: 'project', id: '4&x=1' }, 'client')).toBe('/view-project?id=4%26x%3D1');
  });

  it('opens nothing for a notification without a target', () => {
    const notification = { id: '1', kind: 'k', title: 't', body: 'b', target: null, project_id: null, read: false, created_at: '' };
    expect(notificationPath(notification, 'client')).toBeNull();
    expect(notificationPath({ ...notification, target: { type: 'tool_request', id: '3' } }, 'client')).toBe('/tools-req');
  });

  it('reads a target from a /go link, and nothing from an unknown type or a missing id', () => {
    expect(parseTarget('project_approval', '7')).toEqual({ type: 'project_approval', id: '7' });
    expect(parseTarget('payroll', '7')).toBeNull();
    expect(parseTarget('toString', '7')).toBeNull();
    expect(parseTarget('project', '')).toBeNull();
    expect(parseTarget(undefined, undefined)).toBeNull();
  });
});
