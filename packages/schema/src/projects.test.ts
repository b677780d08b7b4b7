import { describe, expect, it } from 'vitest';
import { canChangeProjectStatus, isOpenProject, nextProjectStatuses, PROJECT_STATUSES } from './project-status.js';
import { nextToolRequestStatus } from './tools.js';

describe('project transitions', () => {
  it('follow pending -> approved | rejected -> in progress -> completed, cancel from open states only', () => {
    expect(nextProjectStatuses('pending')).toEqual(['approved', 'rejected', 'cancelled']);
    expect(nextProjectStatuses('approved')).toEqual(['in_progress', 'cancelled']);
    expect(nextProjectStatuses('in_progress')).toEqual(['completed', 'cancelled']);
    for (const closed of ['rejected', 'completed', 'cancelled'] as const) {
      expect(nextProjectStatuses(closed)).toEqual([]);
      expect(isOpenProject(closed)).toBe(false);
    }
  });

  it('let only the super admin approve or reject', () => {
    for (const role of ['admin', 'teamlead', 'client'] as const) {
      expect(canChangeProjectStatus(role, 'pending', 'approved', { isTeamLead: true })).toBe(false);
    }
    expect(canChangeProjectStatus('superadmin', 'pending', 'rejected', { isTeamLead: false })).toBe(true);
  });

  it("let staff and the project's own team lead start and complete, but not another lead or a member", () => {
    expect(canChangeProjectStatus('teamlead', 'approved', 'in_progress', { isTeamLead: true })).toBe(true);
    expect(canChangeProjectStatus('teamlead', 'approved', 'in_progress', { isTeamLead: false })).toBe(false);
    expect(canChangeProjectStatus('teammember', 'in_progress', 'completed', { isTeamLead: false })).toBe(false);
    expect(canChangeProjectStatus('admin', 'in_progress', 'completed', { isTeamLead: false })).toBe(true);
    expect(canChangeProjectStatus('teamlead', 'in_progress', 'cancelled', { isTeamLead: true })).toBe(false);
  });

  it('never allow a jump that skips a step, for anyone', () => {
    for (const from of PROJECT_STATUSES) {
      for (const to of PROJECT_STATUSES) {
        if (!nextProjectStatuses(from).includes(to)) {
          expect(canChangeProjectStatus('superadmin', from, to, { isTeamLead: true })).toBe(false);
        }
      }
    }
  });
});

describe('tool request decisions', () => {
  it('approve, decline or fulfil a request; only fulfil an approved one; nothing after', () => {
    expect(nextToolRequestStatus('requested', 'approve')).toBe('approved');
    expect(nextToolRequestStatus('requested', 'decline')).toBe('declined');
    expect(nextToolRequestStatus('requested', 'fulfil')).toBe('fulfilled');
    expect(nextToolRequestStatus('approved', 'fulfil')).toBe('fulfilled');
    expect(nextToolRequestStatus('approved', 'decline')).toBeNull();
    expect(nextToolRequestStatus('declined', 'approve')).toBeNull();
    expect(nextToolRequestStatus('fulfilled', 'fulfil')).toBeNull();
  });
});
