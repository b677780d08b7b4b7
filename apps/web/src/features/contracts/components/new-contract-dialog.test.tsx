import type { CompanyDetail } from '@agency/schema';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { NewContractDialog, type ContractProject } from './new-contract-dialog';

const PROJECT: ContractProject = {
  id: '7',
  title: 'Company website',
  client: { id: '3', name: 'Chloe Client' },
  company_id: '30',
  team_lead: { id: '5', name: 'Lena Lead' },
  members: [{ id: '6', name: 'Mia Member' }],
};

function member(id: string, name: string, role: 'owner' | 'billing' | 'member', status: 'active' | 'disabled' = 'active') {
  return { id, name, email: `${id}@example.com`, company_role: role, status, created_at: '2026-11-01T09:00:00.000Z' };
}

const COMPANY = {
  company: { id: '30', name: 'Chloe & Co' },
  members: [
    member('3', 'Chloe Client', 'member'),
    member('8', 'Finn Finance', 'billing'),
    member('9', 'Olive Owner', 'owner'),
    member('10', 'Gone Person', 'owner', 'disabled'),
  ],
  projects: [],
} as unknown as CompanyDetail;

describe('a new contract', () => {
  it("names the client who asked by default and offers the company's other active people, owners first; the draft names the one chosen", async () => {
    let asked = 0;
    let sent: unknown = null;
    server.use(
      http.get('/api/companies/30', () => {
        asked += 1;
        return HttpResponse.json(COMPANY);
      }),
      http.get('/api/contract-templates', () =>
        HttpResponse.json({ items: [{ id: '1', kind: 'client', title: 'Project services agreement', is_default: true }] }),
      ),
      http.post('/api/contracts', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ contract: { id: '42' } }, { status: 201 });
      }),
    );
    const onDone = vi.fn();
    const { user } = renderScreen(<NewContractDialog project={PROJECT} onClose={() => undefined} onDone={onDone} />, {
      path: '/view-superadmin-contracts',
    });

    const dialog = within(await screen.findByRole('dialog', { name: 'New contract for “Company website”' }));
    expect(dialog.getByRole('combobox', { name: 'Signer' })).toHaveTextContent('Chloe Client');
    await user.click(dialog.getByRole('combobox', { name: 'Signer' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Chloe Client', 'Olive Owner (Owner)', 'Finn Finance (Billing)']);
    await user.click(screen.getByRole('option', { name: 'Olive Owner (Owner)' }));
    await user.click(dialog.getByRole('button', { name: 'Create draft' }));

    await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual({ project_id: '7', kind: 'client', signer_id: '9', template_id: '1' });
    expect(asked).toBe(1);
  });

  it("asks nothing of the company for a team contract, whose signer is one of the project's team", async () => {
    let asked = 0;
    server.use(
      http.get('/api/companies/30', () => {
        asked += 1;
        return HttpResponse.json(COMPANY);
      }),
      http.get('/api/contract-templates', () =>
        HttpResponse.json({ items: [{ id: '2', kind: 'team', title: 'Team engagement', is_default: true }] }),
      ),
    );
    const { user } = renderScreen(
      <NewContractDialog project={{ ...PROJECT, company_id: undefined }} onClose={() => undefined} onDone={() => undefined} />,
      {
        path: '/view-superadmin-contracts',
      },
    );
    const dialog = within(await screen.findByRole('dialog'));
    await user.click(dialog.getByRole('combobox', { name: 'Kind' }));
    await user.click(await screen.findByRole('option', { name: 'Team contract' }));
    await user.click(dialog.getByRole('combobox', { name: 'Signer' }));
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['Lena Lead', 'Mia Member']);
    expect(asked).toBe(0);
  });
});
