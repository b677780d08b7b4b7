import type { Company, CompanyInvitation, CompanyMember, CompanyRole, User } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { CompanyRoute } from './company';
import { configHandler } from '../../test/config-fixture';

function client(id: string, name: string, companyRole: CompanyRole): User {
  return {
    id,
    name,
    email: `${name.split(' ')[0].toLowerCase()}@northwind.test`,
    role: 'client',
    company_id: '3',
    company_role: companyRole,
  };
}

const olga = client('7', 'Olga Owner', 'owner');
const mia = client('9', 'Mia Member', 'member');

function member(user: User, role: CompanyRole, overrides: Partial<CompanyMember> = {}): CompanyMember {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    company_role: role,
    status: 'active',
    created_at: '2026-01-10T09:00:00.000Z',
    ...overrides,
  };
}

const northwind: Company = {
  id: '3',
  name: 'Northwind Clinics',
  billing_address: '1 High Street\nLeeds LS1 1AA',
  country: 'GB',
  tax_number: 'GB123456789',
  billing_email: null,
  created_at: '2026-01-10T09:00:00.000Z',
  updated_at: '2026-01-10T09:00:00.000Z',
};

type Calls = { method: string; path: string; body: unknown }[];

/** The company's API as the server answers it, recording every change asked for. */
function stubCompany(options: { members?: CompanyMember[]; invitations?: CompanyInvitation[]; company?: Company } = {}) {
  const calls: Calls = [];
  let members = options.members ?? [member(olga, 'owner'), member(client('8', 'Bea Billing', 'billing'), 'billing'), member(mia, 'member')];
  let invitations = options.invitations ?? [];
  let company = options.company ?? northwind;
  const record = async (request: Request, path: string) => {
    const text = await request.text();
    calls.push({ method: request.method, path, body: text ? JSON.parse(text) : undefined });
  };
  server.use(
    configHandler(),
    http.get('/api/company', () => HttpResponse.json({ company })),
    http.patch('/api/company', async ({ request }) => {
      await record(request, '/company');
      company = { ...company, ...(calls.at(-1)!.body as Partial<Company>) };
      return HttpResponse.json({ company });
    }),
    http.get('/api/company/members', () => HttpResponse.json({ items: members })),
    http.patch('/api/company/members/:id', async ({ request, params }) => {
      await record(request, `/company/members/${params.id}`);
      const { role } = calls.at(-1)!.body as { role: CompanyRole };
      const owners = members.filter((m) => m.company_role === 'owner');
      if (role !== 'owner' && owners.length === 1 && owners[0].id === params.id) {
        return HttpResponse.json({ error: 'A company needs at least one owner: make someone else owner first', code: 'LAST_OWNER' }, { status: 409 });
      }
      members = members.map((m) => (m.id === params.id ? { ...m, company_role: role } : m));
      return HttpResponse.json({ member: members.find((m) => m.id === params.id) });
    }),
    http.delete('/api/company/members/:id', async ({ request, params }) => {
      await record(request, `/company/members/${params.id}`);
      const owners = members.filter((m) => m.company_role === 'owner');
      if (owners.length === 1 && owners[0].id === params.id) {
        return HttpResponse.json({ error: 'A company needs at least one owner: make someone else owner first', code: 'LAST_OWNER' }, { status: 409 });
      }
      members = members.map((m) => (m.id === params.id ? { ...m, status: 'disabled' as const } : m));
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('/api/company/invitations', () => HttpResponse.json({ items: invitations })),
    http.post('/api/company/invitations', async ({ request }) => {
      await record(request, '/company/invitations');
      const { email, role } = calls.at(-1)!.body as { email: string; role: CompanyRole };
      if (email === 'taken@example.test') {
        return HttpResponse.json(
          { error: 'This address already has an account; ask them to use another address', code: 'EMAIL_TAKEN' },
          { status: 409 },
        );
      }
      const invitation = { id: '51', email, role, expires_at: '2026-03-08T10:00:00.000Z' };
      invitations = [...invitations, invitation];
      return HttpResponse.json({ invitation, link: 'http://localhost/company-invitation?token=tok-51' }, { status: 201 });
    }),
    http.delete('/api/company/invitations/:id', async ({ request, params }) => {
      await record(request, `/company/invitations/${params.id}`);
      invitations = invitations.filter((i) => i.id !== params.id);
      return new HttpResponse(null, { status: 204 });
    }),
    // A changed role reads who is signed in again.
    http.get('/api/auth/me', () => HttpResponse.json({ user: olga })),
  );
  return calls;
}

function openCompany(user: User) {
  const auth: AuthContextValue = {
    isAuthenticated: true,
    isRestoring: false,
    user,
    token: 't',
    mfaEnrolmentRequired: false,
    hasSignedOut: false,
    signIn: () => undefined,
    signOut: async () => undefined,
  };
  return renderScreen(<CompanyRoute />, {
    path: paths.client.company,
    wrap: (tree: ReactNode) => <AuthContext.Provider value={auth}>{tree}</AuthContext.Provider>,
  });
}

const rowOf = (name: string) => screen.getAllByTestId('member-row').find((row) => row.textContent?.includes(name))!;

describe('the company screen, for an owner', { timeout: 20_000 }, () => {
  it('lists the people with their roles and marks the owner’s own row', async () => {
    stubCompany();
    openCompany(olga);
    const people = await screen.findByRole('region', { name: 'People' });
    await within(people).findAllByTestId('member-row');
    expect(within(rowOf('Olga Owner')).getByTestId('member-you')).toHaveTextContent('You');
    expect(within(rowOf('Bea Billing')).getByRole('combobox', { name: 'Role of Bea Billing' })).toHaveValue('billing');
    expect(within(rowOf('Mia Member')).getByRole('combobox', { name: 'Role of Mia Member' })).toHaveValue('member');
    expect(within(rowOf('Mia Member')).getByRole('button', { name: 'Remove Mia Member' })).toBeInTheDocument();
  });

  it('changes a role after a confirmation that says what the role may do', async () => {
    const calls = stubCompany();
    const { user } = openCompany(olga);
    await screen.findAllByTestId('member-row');
    await user.selectOptions(within(rowOf('Mia Member')).getByRole('combobox', { name: 'Role of Mia Member' }), 'billing');

    const dialog = await screen.findByRole('dialog', { name: 'Change role?' });
    expect(dialog).toHaveTextContent('Mia Member will be Billing: invoices and payments, sees projects.');
    expect(calls).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Change role' }));

    await waitFor(() => expect(within(rowOf('Mia Member')).getByRole('combobox', { name: 'Role of Mia Member' })).toHaveValue('billing'));
    expect(calls).toEqual([{ method: 'PATCH', path: '/company/members/9', body: { role: 'billing' } }]);
  });

  it('shows the server’s reason when the last owner would be demoted or removed, and nothing changes', async () => {
    const calls = stubCompany();
    const { user } = openCompany(olga);
    await screen.findAllByTestId('member-row');

    await user.selectOptions(within(rowOf('Olga Owner')).getByRole('combobox', { name: 'Role of Olga Owner' }), 'member');
    const demote = await screen.findByRole('dialog', { name: 'Change your own role?' });
    expect(demote).toHaveTextContent('You will no longer manage the company’s people or details.');
    await user.click(within(demote).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByTestId('people-error')).toHaveTextContent('A company needs at least one owner: make someone else owner first');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(rowOf('Olga Owner')).getByRole('combobox', { name: 'Role of Olga Owner' })).toHaveValue('owner');

    await user.click(within(rowOf('Olga Owner')).getByRole('button', { name: 'Remove Olga Owner' }));
    const leave = await screen.findByRole('dialog', { name: 'Leave the company?' });
    await user.click(within(leave).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(calls.map((c) => c.method)).toEqual(['PATCH', 'DELETE']));
    expect(await screen.findByTestId('people-error')).toHaveTextContent('A company needs at least one owner');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(rowOf('Olga Owner')).queryByTestId('member-removed')).toBeNull();
    expect(within(rowOf('Olga Owner')).getByRole('button', { name: 'Remove Olga Owner' })).toBeInTheDocument();
  });

  it('removes a colleague after a confirmation, who then shows as removed', async () => {
    const calls = stubCompany();
    const { user } = openCompany(olga);
    await screen.findAllByTestId('member-row');
    await user.click(within(rowOf('Mia Member')).getByRole('button', { name: 'Remove Mia Member' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove from the company?' });
    expect(dialog).toHaveTextContent('Mia Member (mia@northwind.test) will be signed out everywhere at once');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));

    await waitFor(() => expect(within(rowOf('Mia Member')).getByTestId('member-removed')).toHaveTextContent('Removed'));
    expect(within(rowOf('Mia Member')).queryByRole('button', { name: 'Remove Mia Member' })).toBeNull();
    expect(calls).toEqual([{ method: 'DELETE', path: '/company/members/9', body: undefined }]);
  });

  it('invites a colleague with a role, explains each role, and shows the link to pass on', async () => {
    const calls = stubCompany();
    const { user } = openCompany(olga);
    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    expect(within(form).getByRole('radio', { name: /^Owner/ })).toHaveAccessibleName('Owner Everything, manages people');
    expect(within(form).getByRole('radio', { name: /^Billing/ })).toHaveAccessibleName('Billing Invoices and payments, sees projects');
    expect(within(form).getByRole('radio', { name: /^Member/ })).toBeChecked();
    expect(within(form).getByText('Projects, chat and tool requests, no amounts')).toBeInTheDocument();

    await user.type(within(form).getByRole('textbox', { name: 'E-mail address' }), 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(within(form).getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.clear(within(form).getByRole('textbox', { name: 'E-mail address' }));
    await user.type(within(form).getByRole('textbox', { name: 'E-mail address' }), ' bea.new@northwind.test ');
    await user.click(within(form).getByRole('radio', { name: /^Billing/ }));
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));

    const created = await screen.findByTestId('company-invitation-created');
    expect(created).toHaveTextContent('bea.new@northwind.test is invited as Billing.');
    expect(within(created).getByTestId('invitation-link')).toHaveValue('http://localhost/company-invitation?token=tok-51');
    expect(created).toHaveTextContent('It can be used once and expires on 08 Mar, 10:00.');
    expect(calls).toEqual([{ method: 'POST', path: '/company/invitations', body: { email: 'bea.new@northwind.test', role: 'billing' } }]);

    // The pending list shows it at once.
    const pending = screen.getByRole('region', { name: 'Pending invitations' });
    expect(await within(pending).findByTestId('company-invitation-row')).toHaveTextContent('bea.new@northwind.test');
    expect(within(pending).getByTestId('company-invitation-row')).toHaveTextContent('Billing');
  });

  it('says why an address that already has an account cannot be invited', async () => {
    stubCompany();
    const { user } = openCompany(olga);
    const form = await screen.findByRole('form', { name: 'Invite a colleague' });
    await user.type(within(form).getByRole('textbox', { name: 'E-mail address' }), 'taken@example.test');
    await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
    expect(await within(form).findByTestId('invite-error')).toHaveTextContent('This address already has an account; ask them to use another address');
    expect(screen.queryByTestId('company-invitation-created')).toBeNull();
  });

  it('revokes a pending invitation after a confirmation', async () => {
    const calls = stubCompany({ invitations: [{ id: '50', email: 'sam@northwind.test', role: 'member', expires_at: '2026-03-08T10:00:00.000Z' }] });
    const { user } = openCompany(olga);
    const pending = await screen.findByRole('region', { name: 'Pending invitations' });
    await user.click(await within(pending).findByRole('button', { name: 'Revoke invitation to sam@northwind.test' }));
    const dialog = await screen.findByRole('dialog', { name: 'Revoke invitation?' });
    await user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await within(pending).findByText('No pending invitations')).toBeInTheDocument();
    expect(calls).toEqual([{ method: 'DELETE', path: '/company/invitations/50', body: undefined }]);
  });

  it('edits the company’s details: the name is required, emptied fields are cleared', async () => {
    const calls = stubCompany();
    const { user } = openCompany(olga);
    const form = await screen.findByRole('form', { name: 'Company details' });
    const name = await within(form).findByRole('textbox', { name: 'Company name' });
    expect(name).toHaveValue('Northwind Clinics');
    expect(within(form).getByRole('combobox', { name: 'Country' })).toHaveValue('GB');
    expect(within(form).getByRole('option', { name: 'United Kingdom' })).toBeInTheDocument();
    const save = within(form).getByRole('button', { name: 'Save details' });
    expect(save).toBeDisabled();

    await user.clear(name);
    await user.click(save);
    expect(within(form).getByText('Company name is required')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: 'Billing e-mail' }), 'ap@');
    await user.type(name, 'Northwind Ltd');
    await user.click(save);
    expect(within(form).getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(calls).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Billing e-mail' }), 'nw.test');
    await user.clear(within(form).getByRole('textbox', { name: 'Tax or VAT number' }));
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Country' }), 'IE');
    await user.click(save);

    await waitFor(() =>
      expect(calls).toEqual([
        {
          method: 'PATCH',
          path: '/company',
          body: {
            name: 'Northwind Ltd',
            billing_address: '1 High Street\nLeeds LS1 1AA',
            country: 'IE',
            tax_number: null,
            billing_email: 'ap@nw.test',
          },
        },
      ]),
    );
    await waitFor(() => expect(save).toBeDisabled());
  });
});

describe('the company screen, for a colleague who is not an owner', { timeout: 20_000 }, () => {
  it('shows the people and the details read-only, with no invitations and no way to change them', async () => {
    const calls = stubCompany();
    // Invitations are the owner's: the screen does not ask for them.
    const invitationReads: string[] = [];
    server.use(
      http.get('/api/company/invitations', ({ request }) => {
        invitationReads.push(request.url);
        return HttpResponse.json({ error: 'Only owners manage invitations', code: 'FORBIDDEN' }, { status: 403 });
      }),
    );
    openCompany(mia);
    const people = await screen.findByRole('region', { name: 'People' });
    expect(people).toHaveTextContent('The company’s owners manage the people.');
    await within(people).findAllByTestId('member-row');
    expect(within(people).queryAllByRole('combobox')).toEqual([]);
    expect(within(people).queryAllByRole('button', { name: /^Remove/ })).toEqual([]);
    expect(within(rowOf('Olga Owner')).getByTestId('company-role')).toHaveTextContent('Owner');
    expect(within(rowOf('Mia Member')).getByTestId('member-you')).toBeInTheDocument();

    expect(screen.queryByRole('form', { name: 'Invite a colleague' })).toBeNull();
    expect(screen.queryByRole('region', { name: 'Pending invitations' })).toBeNull();
    const facts = await screen.findByTestId('company-facts');
    expect(facts).toHaveTextContent('Company nameNorthwind Clinics');
    expect(facts).toHaveTextContent('CountryUnited Kingdom');
    expect(facts).toHaveTextContent('Billing e-mailNot set');
    expect(screen.queryByRole('form', { name: 'Company details' })).toBeNull();
    expect(calls).toEqual([]);
    expect(invitationReads).toEqual([]);
  });

  it('offers a retry when the people cannot be loaded', async () => {
    stubCompany();
    let fail = true;
    server.use(
      http.get('/api/company/members', () =>
        fail
          ? HttpResponse.json({ error: 'The database is not answering', code: 'UNAVAILABLE' }, { status: 503 })
          : HttpResponse.json({ items: [member(mia, 'member')] }),
      ),
    );
    const { user } = openCompany(mia);
    const people = await screen.findByRole('region', { name: 'People' });
    expect(await within(people).findByRole('alert')).toHaveTextContent('The database is not answering');
    fail = false;
    await user.click(within(people).getByRole('button', { name: 'Retry' }));
    expect(await within(people).findByTestId('member-row')).toHaveTextContent('Mia Member');
  });
});
