import type { CompanyRole, Role } from '@agency/schema';
import { describe, expect, it } from 'vitest';
import { mayHoldScope, tokenRequirement } from './api-scopes.js';

const as = (role: Role, companyRole: CompanyRole | null = null) => ({ role, companyRole });

describe('which route a token needs which scope for', () => {
  it.each([
    ['GET', '/api/projects', { kind: 'scope', scope: 'projects:read' }],
    ['POST', '/api/projects', { kind: 'scope', scope: 'projects:write' }],
    ['GET', '/api/projects/:id', { kind: 'scope', scope: 'projects:read' }],
    ['GET', '/api/projects/:id/board', { kind: 'scope', scope: 'board:read' }],
    ['PUT', '/api/projects/:id/billing', { kind: 'scope', scope: 'invoices:write' }],
    ['GET', '/api/invoices/export.csv', { kind: 'scope', scope: 'invoices:read' }],
    ['GET', '/api/companies/:id', { kind: 'scope', scope: 'companies:read' }],
    ['PATCH', '/api/company', { kind: 'scope', scope: 'companies:write' }],
    ['PUT', '/api/client/messages/:id/read', { kind: 'scope', scope: 'messages:write' }],
    ['POST', '/api/webhooks', { kind: 'scope', scope: 'webhooks:write' }],
    ['GET', '/api/audit-log.csv', { kind: 'scope', scope: 'audit:read' }],
    ['GET', '/api/auth/me', { kind: 'open' }],
    ['GET', '/api/health', { kind: 'open' }],
    ['POST', '/api/account/password', { kind: 'session' }],
    ['POST', '/api/account/email', { kind: 'session' }],
    ['POST', '/api/account/2fa/setup', { kind: 'session' }],
    ['POST', '/api/account/tokens', { kind: 'session' }],
    ['DELETE', '/api/api-tokens/:id', { kind: 'session' }],
    ['POST', '/api/auth/logout', { kind: 'session' }],
    ['GET', '/api/events', { kind: 'session' }],
    ['GET', '/api/projectsx', { kind: 'session' }],
  ] as const)('%s %s', (method, route, expected) => {
    expect(tokenRequirement(method, route)).toEqual(expected);
  });
});

describe('a token never holds more than its owner’s role', () => {
  it.each([
    [as('teammember'), 'invoices:read', false],
    [as('teammember'), 'board:write', true],
    [as('teamlead'), 'webhooks:write', false],
    [as('client', 'member'), 'invoices:read', false],
    [as('client', 'billing'), 'invoices:read', true],
    [as('client', 'billing'), 'projects:write', false],
    [as('client', 'owner'), 'companies:write', true],
    [as('client', 'member'), 'companies:write', false],
    [as('admin'), 'audit:read', false],
    [as('superadmin'), 'audit:read', true],
    [as('admin'), 'messages:read', false],
    [as('admin'), 'webhooks:write', true],
    [as('client', 'owner'), 'board:read', false],
    [as('teamlead'), 'board:read', true],
  ] as const)('%j with %s: %s', (actor, scope, allowed) => {
    expect(mayHoldScope(actor, scope)).toBe(allowed);
  });
});
