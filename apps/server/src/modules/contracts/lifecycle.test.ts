import type { Role } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import type { Actor } from '../../core/actor.js';
import { AppError } from '../../core/errors.js';
import { contractLifecycle, SCHEDULER, type ContractMachineFacts } from './lifecycle.js';

const person = (role: Role, id = 10): Actor => ({
  id,
  role,
  name: role,
  email: `${role}@example.test`,
  sessionId: 1,
  companyId: role === 'client' ? 1 : null,
  companyRole: role === 'client' ? 'owner' : null,
});
const facts = (signerId = 10, by: ContractMachineFacts['by'] = 'person'): ContractMachineFacts => ({
  signerId,
  kind: 'client',
  status: 'sent',
  projectTeamLeadId: null,
  companyId: 1,
  by,
});

function codeOf(fn: () => void): string | null {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof AppError ? err.code : 'THREW';
  }
}

describe('the contract lifecycle', () => {
  it('draft -> sent -> signed, void from draft or sent, expired from sent', () => {
    expect(contractLifecycle.next('draft').sort()).toEqual(['sent', 'void']);
    expect(contractLifecycle.next('sent').sort()).toEqual(['expired', 'signed', 'void']);
    expect(contractLifecycle.next('signed')).toEqual([]);
    expect(contractLifecycle.next('void')).toEqual([]);
    expect(contractLifecycle.next('expired')).toEqual([]);
  });

  it('staff send and void; anyone else is refused (403)', () => {
    for (const role of ['admin', 'superadmin'] as const) {
      expect(codeOf(() => contractLifecycle.assertMay(person(role, 1), facts(), 'draft', 'sent'))).toBeNull();
      expect(codeOf(() => contractLifecycle.assertMay(person(role, 1), facts(), 'sent', 'void'))).toBeNull();
    }
    for (const role of ['client', 'teamlead', 'teammember'] as const) {
      expect(codeOf(() => contractLifecycle.assertMay(person(role, 1), facts(), 'draft', 'sent'))).toBe('FORBIDDEN');
      expect(codeOf(() => contractLifecycle.assertMay(person(role, 1), facts(), 'sent', 'void'))).toBe('FORBIDDEN');
    }
  });

  it('only the signer signs, and only while sent (otherwise 409)', () => {
    expect(codeOf(() => contractLifecycle.assertMay(person('client', 10), facts(10), 'sent', 'signed'))).toBeNull();
    expect(codeOf(() => contractLifecycle.assertMay(person('client', 11), facts(10), 'sent', 'signed'))).toBe('FORBIDDEN');
    expect(codeOf(() => contractLifecycle.assertMay(person('superadmin', 1), facts(10), 'sent', 'signed'))).toBe('FORBIDDEN');
    for (const from of ['draft', 'signed', 'void', 'expired'] as const) {
      expect(codeOf(() => contractLifecycle.assertMay(person('teammember', 10), facts(10), from, 'signed'))).toBe('INVALID_TRANSITION');
    }
  });

  it('illegal moves answer 409 INVALID_TRANSITION with both states named', () => {
    expect(codeOf(() => contractLifecycle.assertMay(person('admin', 1), facts(), 'signed', 'void'))).toBe('INVALID_TRANSITION');
    expect(codeOf(() => contractLifecycle.assertMay(person('admin', 1), facts(), 'sent', 'sent'))).toBe('INVALID_TRANSITION');
    try {
      contractLifecycle.assertMay(person('admin', 1), facts(), 'expired', 'void');
    } catch (err) {
      expect((err as AppError).message).toBe('A contract that is expired cannot become void');
    }
  });

  it('only the scheduler expires a contract, and no person can', () => {
    expect(codeOf(() => contractLifecycle.assertMay(SCHEDULER, facts(10, 'scheduler'), 'sent', 'expired'))).toBeNull();
    expect(codeOf(() => contractLifecycle.assertMay(SCHEDULER, facts(10, 'scheduler'), 'draft', 'expired'))).toBe('INVALID_TRANSITION');
    expect(codeOf(() => contractLifecycle.assertMay(person('superadmin', 1), facts(), 'sent', 'expired'))).toBe('FORBIDDEN');
    // The scheduler takes no other step.
    expect(codeOf(() => contractLifecycle.assertMay(SCHEDULER, facts(0, 'scheduler'), 'sent', 'signed'))).toBe('FORBIDDEN');
    expect(codeOf(() => contractLifecycle.assertMay(SCHEDULER, facts(10, 'scheduler'), 'draft', 'sent'))).toBe('FORBIDDEN');
  });
});
