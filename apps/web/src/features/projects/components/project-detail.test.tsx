import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/server';
import { renderScreen } from '../../../test/render';
import { ProjectDetail } from './project-detail';

describe('a project opened from a link', () => {
  it('that is not a project id reads as missing, never as the raw validation text', async () => {
    server.use(
      http.get('/api/projects/:id', () =>
        HttpResponse.json({ error: 'id: Invalid input: expected number, received NaN', code: 'VALIDATION_FAILED' }, { status: 400 }),
      ),
    );
    renderScreen(<ProjectDetail projectId="abc" back={{ to: '/view-project', label: 'My projects' }} />, { path: '/view-project?id=abc' });
    expect(await screen.findByTestId('project-missing')).toHaveTextContent('This project does not exist or you do not have access to it.');
    expect(screen.queryByText(/expected number/)).toBeNull();
  });

  it('that is unknown reads as missing too', async () => {
    server.use(http.get('/api/projects/:id', () => HttpResponse.json({ error: 'Project not found', code: 'NOT_FOUND' }, { status: 404 })));
    renderScreen(<ProjectDetail projectId="999" back={{ to: '/view-project', label: 'My projects' }} />, { path: '/view-project?id=999' });
    expect(await screen.findByTestId('project-missing')).toBeInTheDocument();
  });
});
