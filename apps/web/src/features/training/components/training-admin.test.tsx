import type { TrainingModuleDetail } from '@agency/schema';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { TrainingAdmin } from './training-admin';

function draft(roles: TrainingModuleDetail['roles'], updatedAt: string): TrainingModuleDetail {
  return {
    id: '4',
    title: 'Definition of done',
    description: '',
    status: 'draft',
    position: 'a0',
    roles,
    due_date: null,
    material_count: 0,
    published_at: null,
    created_at: '2026-02-01T10:00:00.000Z',
    updated_at: updatedAt,
    materials: [],
  };
}

describe('the training module editor', () => {
  it('confirms a saved assignment and keeps the button focused while the module is fetched again', async () => {
    let module = draft([], '2026-02-01T10:00:00.000Z');
    const saved: unknown[] = [];
    server.use(
      http.get('/api/training/modules', () => HttpResponse.json({ items: [module] })),
      http.get('/api/training/modules/:id', () => HttpResponse.json({ module })),
      http.put('/api/training/modules/:id/assignment', async ({ request }) => {
        const input = (await request.json()) as { roles: TrainingModuleDetail['roles'] };
        saved.push(input);
        // The server stamps the change: the module comes back with a new `updated_at`.
        module = draft(input.roles, '2026-02-01T10:05:00.000Z');
        return HttpResponse.json({ module });
      }),
    );
    const { user } = renderScreen(
      <>
        <TrainingAdmin selectedId="4" onSelect={() => undefined} />
        <ToastHost />
      </>,
      { path: '/training-materials?module=4', pattern: '/training-materials' },
    );
    await user.click(await screen.findByRole('checkbox', { name: 'Team members' }));
    const save = screen.getByRole('button', { name: 'Save assignment' });
    await user.click(save);

    expect(await screen.findByText('Assignment saved')).toBeInTheDocument();
    expect(saved).toEqual([{ roles: ['teammember'], due_date: null }]);
    // The list beside the editor shows the saved audience once the module has been fetched again.
    await waitFor(() => expect(screen.getByText('0 materials · Team members')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Save assignment' })).toBe(save);
    expect(save).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'Team members' })).toBeChecked();
  });
});
