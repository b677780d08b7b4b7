import { AUDIT_ACTIONS, type AuditEntry } from '@agency/schema';
import english from '../../../locales/en-GB/audit.json';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { AuditLog } from './audit-log';

const approval: AuditEntry = {
  id: '1',
  at: '2026-03-05T14:07:00.000Z',
  actor: { id: '2', name: 'Ada Admin', email: 'ada@example.test', role: 'admin' },
  action: 'project.approved',
  entity_type: 'project',
  entity_id: '12',
  before: { status: 'pending' },
  after: { status: 'approved' },
  ip: '203.0.113.9',
};

afterEach(async () => {
  await setLocale('en-GB');
});

describe('the audit log', () => {
  it('names who did what to which record in the reader’s language', async () => {
    server.use(
      http.get('/api/audit-log', () =>
        HttpResponse.json({ items: [approval, { ...approval, id: '2', actor: null, action: 'future.thing' }], next_cursor: null }),
      ),
    );
    await setLocale('de');
    renderScreen(<AuditLog />);
    const table = await screen.findByRole('table', { name: 'Audit-Protokoll' });
    expect(within(table).getByRole('columnheader', { name: 'Wer' })).toBeInTheDocument();
    expect(within(table).getByText('Projekt genehmigt')).toBeInTheDocument();
    expect(within(table).getByText('ada@example.test · Admin')).toBeInTheDocument();
    expect(within(table).getAllByText('Projekt #12')).toHaveLength(2);
    // An action this screen does not know yet is shown as the server named it; no person is "the system".
    expect(within(table).getByText('future.thing')).toBeInTheDocument();
    expect(within(table).getByText('Das System')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'CSV exportieren' })).toBeInTheDocument();
  });

  it('keeps SPEC’s English by default', async () => {
    server.use(http.get('/api/audit-log', () => HttpResponse.json({ items: [approval], next_cursor: null })));
    renderScreen(<AuditLog />);
    expect(await screen.findByText('Project approved')).toBeInTheDocument();
    expect(screen.getByText('Project #12')).toBeInTheDocument();
  });

  it('has a catalogue label for every audited action, the same as the server’s English', () => {
    const labels = english.actions as Record<string, string>;
    for (const [action, label] of Object.entries(AUDIT_ACTIONS)) expect(labels[action.replace(/\./g, '__')], action).toBe(label);
  });
});
