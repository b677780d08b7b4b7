import type { Notification, NotificationTarget, Role } from '@agency/schema';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { NotificationList } from './notification-list';

function notification(id: string, title: string, target: NotificationTarget | null, read = false): Notification {
  return { id, kind: 'k', title, body: `${title}: details`, target, project_id: null, read, created_at: '2025-03-05T14:07:00.000Z' };
}

function stubNotifications(items: Notification[]) {
  const marked: string[] = [];
  server.use(
    http.get('/api/notifications', () => HttpResponse.json({ items, next_cursor: null, unread_count: items.filter((n) => !n.read).length })),
    http.post('/api/notifications/:id/read', ({ params }) => {
      marked.push(String(params.id));
      return HttpResponse.json({ notification: { ...items.find((n) => n.id === params.id), read: true } });
    }),
  );
  return { marked };
}

function openList(role: Role) {
  return renderScreen(<NotificationList role={role} />, { path: '/notifications' });
}

describe('notification list', () => {
  it('opens a notification on the reader’s own screen for its target and marks it read', async () => {
    const { marked } = stubNotifications([notification('1', 'Project submitted', { type: 'project_approval', id: '12' })]);
    const { user, location } = openList('superadmin');

    const item = await screen.findByTestId('notification-item');
    expect(within(item).getByTestId('notification-title')).toHaveTextContent('Project submitted (unread)');
    await user.click(within(item).getByText('Project submitted: details'));

    await waitFor(() => expect(location()).toBe('/project-approval?id=12'));
    expect(marked).toEqual(['1']);
  });

  it('names Mark read by what it shows first, then the notification, and marks that one read', async () => {
    const { marked } = stubNotifications([notification('4', 'Invoice paid', null)]);
    const { user } = openList('client');
    const button = await screen.findByRole('button', { name: 'Mark read: Invoice paid' });
    expect(button).toHaveTextContent(/^Mark read$/);
    await user.click(button);
    await waitFor(() => expect(marked).toEqual(['4']));
  });

  it('opens the same kind of target elsewhere for another role', async () => {
    stubNotifications([notification('2', 'Tool request approved', { type: 'tool_request', id: '3' }, true)]);
    const { user, location } = openList('client');
    await user.click(await screen.findByText('Tool request approved: details'));
    await waitFor(() => expect(location()).toBe('/tools-req'));
  });

  it('stays put for a notification its reader has no screen for', async () => {
    const { marked } = stubNotifications([notification('3', 'New message', { type: 'conversation', id: '12:7' })]);
    const { user, location } = openList('teamlead');
    await user.click(await screen.findByText('New message: details'));
    await waitFor(() => expect(marked).toEqual(['3']));
    expect(location()).toBe('/notifications');
  });
});
