import type { Notification, NotificationTarget } from '@agency/schema';
import { act, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastHost } from '../../../components/toast-host';
import { showConversation } from '../../../lib/open-conversation';
import { queryKeys } from '../../../lib/query-keys';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { NotificationBell } from './notification-bell';

function notification(id: string, title: string, target: NotificationTarget | null): Notification {
  return { id, kind: 'k', title, body: `${title}: details`, target, project_id: null, read: false, created_at: '2026-03-05T14:07:00.000Z' };
}

/** The unread count and the newest notification, as the server has them now. */
const state: { count: number; newest: Notification[]; listed: number } = { count: 0, newest: [], listed: 0 };
let closeChat: (() => void) | undefined;

afterEach(() => {
  closeChat?.();
  closeChat = undefined;
});

function renderBell() {
  server.use(
    http.get('/api/notifications/unread-count', () => HttpResponse.json({ count: state.count })),
    http.get('/api/notifications', () => {
      state.listed += 1;
      return HttpResponse.json({ items: state.newest, next_cursor: null, unread_count: state.count });
    }),
  );
  return renderScreen(
    <>
      <NotificationBell role="client" />
      <ToastHost />
    </>,
  );
}

/** A notification arrives: the count goes up, the bell's poll sees it and asks which one it is. */
async function arrive(rendered: ReturnType<typeof renderBell>, item: Notification) {
  const listed = state.listed;
  state.count += 1;
  state.newest = [item];
  await act(() => rendered.queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unreadCount }));
  await screen.findByRole('button', { name: `Notifications, ${state.count} unread` });
  await waitFor(() => expect(state.listed).toBe(listed + 1));
}

describe('notification toasts', () => {
  it('toasts a new notification, but not one about the conversation open in the chat', async () => {
    Object.assign(state, { count: 0, newest: [], listed: 0 });
    const rendered = renderBell();
    // The bell has its first count: what comes after it is new.
    await waitFor(() => expect(rendered.queryClient.getQueryData(queryKeys.notifications.unreadCount)).toEqual({ count: 0 }));

    closeChat = showConversation('12:7');
    await arrive(rendered, notification('31', 'New message', { type: 'conversation', id: '12:7' }));
    await arrive(rendered, notification('32', 'Project approved', { type: 'project', id: '12' }));
    expect(await screen.findByText('Project approved')).toBeInTheDocument();
    expect(screen.queryByText('New message')).toBeNull();

    // Once the chat is closed, a message in it is toasted again.
    closeChat();
    await arrive(rendered, notification('33', 'New message', { type: 'conversation', id: '12:7' }));
    expect(await screen.findByText('New message')).toBeInTheDocument();
  });
});

describe('the bell’s name', () => {
  it('says the count as the badge shows it: "99+" past 99, nothing with none unread', async () => {
    Object.assign(state, { count: 150, newest: [], listed: 0 });
    const rendered = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 99+ unread' });
    expect(bell).toHaveTextContent('99+');

    state.count = 0;
    await act(() => rendered.queryClient.invalidateQueries({ queryKey: queryKeys.notifications.unreadCount }));
    await screen.findByRole('button', { name: 'Notifications' });
  });
});
