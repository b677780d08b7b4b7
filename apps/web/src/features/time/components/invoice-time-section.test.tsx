import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { InvoiceTimeSection } from './invoice-time-section';
import { ProjectTimeLog } from './project-time-log';

const item = {
  id: '1',
  date: '2026-11-24',
  minutes: 90,
  person: 'Milo Member',
  card_title: 'Booking form',
  note: 'Layout',
  status: 'billed' as const,
};

describe('what a client sees of the time it is billed for', () => {
  it('lists the hours an invoice bills, day by day, with their total', async () => {
    server.use(
      http.get('/api/invoices/11/time', () =>
        HttpResponse.json({ invoice_id: '11', items: [item, { ...item, id: '2', card_title: null, minutes: 30 }], total_minutes: 120 }),
      ),
    );
    renderScreen(<InvoiceTimeSection invoiceId="11" />);
    expect(await screen.findByTestId('invoice-time-total')).toHaveTextContent('2h in all');
    const rows = screen.getAllByTestId('invoice-time-item');
    expect(rows[0]).toHaveTextContent('24 Nov 2026Booking form · Milo MemberLayout1:30');
    expect(rows[1]).toHaveTextContent('Other work · Milo Member');
  });

  it('shows nothing for an invoice that bills no time, or that the reader may not see', async () => {
    let asked = 0;
    server.use(
      http.get('/api/invoices/:id/time', ({ params }) => {
        asked += 1;
        return params.id === '11'
          ? HttpResponse.json({ invoice_id: '11', items: [], total_minutes: 0 })
          : HttpResponse.json({ error: 'Invoice not found', code: 'NOT_FOUND' }, { status: 404 });
      }),
    );
    const { container } = renderScreen(
      <>
        <InvoiceTimeSection invoiceId="11" />
        <InvoiceTimeSection invoiceId="12" />
      </>,
    );
    await waitFor(() => expect(asked).toBe(2));
    expect(container.querySelector('[data-testid="invoice-time"]')).toBeNull();
  });

  it("shows a project's time log at once when staff share it, nothing while they do not, and says so if they stop", async () => {
    const requested: string[] = [];
    server.use(
      http.get('/api/projects/:id/time-log', ({ params }) => {
        requested.push(String(params.id));
        return params.id === '3'
          ? HttpResponse.json({ project_id: '3', items: [item], next_cursor: null, total_minutes: 90 })
          : HttpResponse.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 });
      }),
    );
    renderScreen(
      <>
        <ProjectTimeLog projectId="3" shared />
        <ProjectTimeLog projectId="4" shared={false} />
      </>,
    );
    expect(await screen.findByTestId('time-log-item')).toHaveTextContent('Booking form24 Nov 2026 · Milo Member · billed · Layout1:30');
    expect(screen.getByTestId('time-log-total')).toHaveTextContent('1h 30m of approved work');
    expect(screen.getAllByTestId('project-time-log')).toHaveLength(1);
    expect(requested).toEqual(['3']);
  });

  it('says the log is not shared when staff stopped sharing it after the project loaded', async () => {
    server.use(http.get('/api/projects/5/time-log', () => HttpResponse.json({ error: 'Not found', code: 'NOT_FOUND' }, { status: 404 })));
    renderScreen(<ProjectTimeLog projectId="5" shared />);
    expect(await screen.findByTestId('time-log-not-shared')).toHaveTextContent('The agency does not share this project’s time log yet.');
  });
});
