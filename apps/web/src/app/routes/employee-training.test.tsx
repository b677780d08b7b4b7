import type { MyTrainingModule, PublicConfig, TrainingMaterial, User } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { ScrollRestoration } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../features/auth/hooks/use-auth';
import { paths } from '../../lib/paths';
import { renderScreen } from '../../test/render';
import { server } from '../../test/server';
import { EmployeeTrainingRoute } from './employee-training';
import { publicConfig } from '../../test/config-fixture';

const member: User = { id: '21', name: 'Mia Member', email: 'mia@example.test', role: 'teammember', company_id: null, company_role: null };
const signedIn: AuthContextValue = {
  isAuthenticated: true,
  isRestoring: false,
  user: member,
  token: 't',
  mfaEnrolmentRequired: false,
  hasSignedOut: false,
  signIn: () => undefined,
  signOut: async () => undefined,
};
const config: PublicConfig = publicConfig;

function material(completedAt: string | null): TrainingMaterial {
  return {
    id: '50',
    module_id: '5',
    title: 'Spotting phishing',
    description: '',
    kind: 'text',
    link_url: null,
    content: 'Check the sender and the link before you click.',
    file: null,
    position: 'a0',
    completed_at: completedAt,
  };
}

function trainingModule(completedAt: string | null): MyTrainingModule {
  return {
    id: '5',
    title: 'Security basics',
    description: 'Passwords and phishing.',
    status: 'published',
    position: 'a0',
    roles: ['teammember'],
    due_date: null,
    material_count: 1,
    published_at: '2026-02-01T10:00:00.000Z',
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: '2026-02-01T10:00:00.000Z',
    materials: [material(completedAt)],
    completed: completedAt ? 1 : 0,
    total: 1,
  };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('opening a training module', () => {
  it('keeps the page where it is, so the module opened stays under the pointer and one click marks a material complete', async () => {
    let completedAt: string | null = null;
    const completions: string[] = [];
    server.use(
      http.get('/api/config', () => HttpResponse.json(config)),
      http.get('/api/training/my', () => HttpResponse.json({ items: [trainingModule(completedAt)] })),
      http.post('/api/training/materials/:id/complete', ({ params }) => {
        completions.push(String(params.id));
        completedAt = '2026-03-01T09:00:00.000Z';
        return HttpResponse.json({ material: material(completedAt) });
      }),
    );
    // The router puts the window back to the top on a new address unless told not to (jsdom does not scroll).
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user, location } = renderScreen(
      <>
        <EmployeeTrainingRoute />
        <ScrollRestoration />
      </>,
      { path: paths.employee.training, wrap: (tree: ReactNode) => <AuthContext.Provider value={signedIn}>{tree}</AuthContext.Provider> },
    );
    const module = await screen.findByTestId('training-module');
    scrollTo.mockClear();

    await user.click(within(module).getByRole('button', { name: /Security basics/ }));
    await waitFor(() => expect(location()).toBe(`${paths.employee.training}?module=5`));
    expect(within(module).getByRole('button', { name: /Security basics/ })).toHaveAttribute('aria-expanded', 'true');
    expect(scrollTo).not.toHaveBeenCalled();

    await user.click(within(module).getByRole('button', { name: 'Mark complete' }));
    expect(await within(module).findByRole('button', { name: 'Completed (undo)' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(module).getByTestId('module-percent')).toHaveTextContent('100 %');
    expect(completions).toEqual(['50']);
    expect(scrollTo).not.toHaveBeenCalled();
  });
});
