import type { Project, ProjectEvent } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { CreateProjectForm } from './create-project-form';
import { ProjectDetail } from './project-detail';

const PROJECT: Project = {
  id: '5',
  title: 'Clinic booking site',
  description: 'Online booking for three clinics',
  category: null,
  budget_minor: 150050,
  currency: 'EUR',
  deadline: null,
  status: 'rejected',
  rejection_reason: 'Out of scope',
  client_id: '7',
  client: { id: '7', name: 'Chloe Client' },
  company_id: '70',
  team_lead: null,
  members: [],
  attachments: [],
  time_log_shared: false,
  created_at: '2026-03-05T14:07:00.000Z',
  updated_at: '2026-03-06T09:00:00.000Z',
};

const EVENTS: ProjectEvent[] = [
  {
    id: '1',
    project_id: '5',
    kind: 'status_changed',
    from_status: 'pending',
    to_status: 'rejected',
    note: null,
    actor: { id: '1', name: 'Sam Super' },
    automatic: false,
    created_at: '2026-03-06T09:00:00.000Z',
  },
  {
    id: '2',
    project_id: '5',
    kind: 'created',
    from_status: null,
    to_status: 'pending',
    note: null,
    actor: { id: '7', name: 'Chloe Client' },
    automatic: false,
    created_at: '2026-03-05T14:07:00.000Z',
  },
];

beforeEach(() => setLocale('de'));
afterEach(() => setLocale('en-GB'));

describe('a project in German', () => {
  it('shows its status, facts, rejection and history in German, the data as it was entered', async () => {
    server.use(
      http.get('/api/projects/5', () => HttpResponse.json({ project: PROJECT })),
      http.get('/api/projects/5/activity', () => HttpResponse.json({ items: EVENTS })),
    );
    renderScreen(<ProjectDetail projectId="5" back={{ to: '/view-project', label: 'Meine Projekte' }} />, { path: '/view-project?id=5' });

    expect(await screen.findByTestId('project-title')).toHaveTextContent('Clinic booking site');
    expect(screen.getByTestId('project-status')).toHaveTextContent('Abgelehnt');
    expect(screen.getByTestId('rejection-reason')).toHaveTextContent('Dieses Projekt wurde nicht freigegeben');
    expect(screen.getByTestId('rejection-reason')).toHaveTextContent('Begründung: Out of scope');
    const details = screen.getByRole('region', { name: 'Details' });
    expect(within(details).getByText('Frist').nextElementSibling).toHaveTextContent('Nicht festgelegt');
    expect(within(details).getByText('Kunde').nextElementSibling).toHaveTextContent('Chloe Client');
    expect(screen.getByRole('region', { name: 'Team' })).toHaveTextContent('Ein Team wird zugewiesen, sobald das Projekt freigegeben ist.');
    expect(screen.getByRole('heading', { name: 'Anhänge (0)' })).toBeInTheDocument();
    const history = await screen.findAllByTestId('timeline-event');
    expect(history.map((event) => event.querySelector('p')?.textContent)).toEqual(['Abgelehnt', 'Projekt eingereicht']);
  });

  it('checks a new project in German: the form’s own messages are read when a field is checked', async () => {
    const { user } = renderScreen(<CreateProjectForm projectPath={(id) => `/view-project?id=${id}`} />, { path: '/create-project' });
    expect(screen.getByRole('form', { name: 'Neues Projekt' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Kategorie' }), 'x'.repeat(61));
    await user.type(screen.getByRole('textbox', { name: 'Budget' }), '12.345');
    await user.click(screen.getByRole('button', { name: 'Projekt einreichen' }));
    expect(await screen.findByText('Die Kategorie darf höchstens 60 Zeichen lang sein')).toBeInTheDocument();
    expect(screen.getByText('Geben Sie einen Betrag ein, etwa 1500 oder 1500.50')).toBeInTheDocument();
    // Typing into MUI's whole form in jsdom takes seconds on a busy machine.
  }, 20_000);
});
