import type { MyTrainingModule } from '@agency/schema';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { MyTraining } from './my-training';
import { TrainingAdmin } from './training-admin';

describe('a training module opened from a link that names no module', () => {
  it('reads as missing in the staff editor (`?module=abc`), never as the raw validation text', async () => {
    server.use(
      http.get('/api/training/modules', () => HttpResponse.json({ items: [] })),
      http.get('/api/training/modules/:id', () =>
        HttpResponse.json({ error: 'id: Invalid input: expected number, received NaN', code: 'VALIDATION_FAILED' }, { status: 400 }),
      ),
    );
    renderScreen(<TrainingAdmin selectedId="abc" onSelect={() => undefined} />, { path: '/training-materials?module=abc' });
    expect(await screen.findByTestId('module-missing')).toHaveTextContent('This module does not exist or has been deleted.');
    expect(screen.queryByText(/expected number/)).toBeNull();
  });

  it('says so on an employee’s training page too, above the modules they do have', async () => {
    const module: MyTrainingModule = {
      id: '5',
      title: 'Security basics',
      description: 'Passwords and phishing.',
      status: 'published',
      position: 'a0',
      roles: ['teammember'],
      due_date: null,
      material_count: 0,
      published_at: '2026-02-01T10:00:00.000Z',
      created_at: '2026-02-01T10:00:00.000Z',
      updated_at: '2026-02-01T10:00:00.000Z',
      materials: [],
      completed: 0,
      total: 0,
    };
    server.use(http.get('/api/training/my', () => HttpResponse.json({ items: [module] })));
    renderScreen(<MyTraining openModuleId="abc" onOpenModule={() => undefined} today="2026-03-01" />, { path: '/employee/training?module=abc' });
    expect(await screen.findByTestId('module-missing')).toHaveTextContent('This module does not exist or is not assigned to you.');
    expect(screen.getByText('Security basics')).toBeInTheDocument();
  });
});
