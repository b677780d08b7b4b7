import type { Contract } from '@agency/schema';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { SignContractPanel } from './sign-contract-panel';

const NAME_ERROR = 'Type your full name to sign';
const AGREE_ERROR = 'Tick the box to agree to sign electronically';

const contract: Contract = {
  id: '42',
  kind: 'client',
  project_id: '7',
  project_title: 'Company website',
  client: { id: '3', name: 'Chloe Client' },
  title: 'Project services agreement',
  status: 'sent',
  signer: { id: '3', name: 'Chloe Client', role: 'client' },
  template_id: '1',
  document_sha256: 'ab'.repeat(32),
  sent_at: '2026-03-02T10:00:00.000Z',
  viewed_at: '2026-03-02T11:00:00.000Z',
  signed_at: null,
  expires_at: null,
  reminded_at: null,
  voided_at: null,
  void_reason: null,
  created_at: '2026-03-01T09:00:00.000Z',
  updated_at: '2026-03-02T11:00:00.000Z',
  pdf_url: null,
  body_markdown: 'Terms',
  body_html: '<p>Terms</p>',
  signature: null,
};

function renderPanel() {
  const signed: Contract[] = [];
  const view = renderScreen(<SignContractPanel contract={contract} onSigned={(c) => signed.push(c)} />, { path: '/sign-contract' });
  return { ...view, signed, name: screen.getByTestId('signature-name'), agree: screen.getByTestId('signature-agree') };
}

describe('the signing panel’s messages', () => {
  // jsdom neither draws nor lays out: the signature pad gets a 2D context that takes every call and does nothing,
  // and a ResizeObserver that never reports.
  beforeEach(() => {
    const context = new Proxy({}, { get: (_target, key) => (key === 'canvas' ? undefined : () => undefined), set: () => true });
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(() => context as CanvasRenderingContext2D);
    vi.stubGlobal(
      'ResizeObserver',
      class {
        observe() {}
        disconnect() {}
      },
    );
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows nothing about the box while the pointer goes down on it after the name was typed, and one click ticks it', async () => {
    const { user, name, agree } = renderPanel();
    await user.type(name, 'Chloe Client');
    expect(name).toHaveFocus();
    // The press takes the focus off the name field (its blur) before the release lands on the box.
    await user.pointer({ keys: '[MouseLeft>]', target: agree });
    expect(name).not.toHaveFocus();
    expect(screen.queryByText(AGREE_ERROR)).toBeNull();
    expect(screen.queryByText(NAME_ERROR)).toBeNull();
    await user.pointer({ keys: '[/MouseLeft]', target: agree });
    expect(agree).toBeChecked();
    expect(screen.queryByText(AGREE_ERROR)).toBeNull();
  });

  it('says nothing when the name field is left empty, until Sign is pressed', async () => {
    const { user, name } = renderPanel();
    await user.click(name);
    await user.tab();
    expect(screen.queryByText(NAME_ERROR)).toBeNull();
    expect(screen.queryByText(AGREE_ERROR)).toBeNull();

    await user.click(screen.getByTestId('sign-button'));
    expect(screen.getByText(NAME_ERROR)).toBeVisible();
    expect(screen.getByText(AGREE_ERROR)).toBeVisible();
    expect(screen.queryByRole('dialog')).toBeNull();
    // Once shown, each message goes as soon as what it asks for is done.
    await user.type(name, 'Chloe Client');
    expect(screen.queryByText(NAME_ERROR)).toBeNull();
    await user.click(screen.getByTestId('signature-agree'));
    expect(screen.queryByText(AGREE_ERROR)).toBeNull();
  });

  it('asks for the box once the box itself is unticked, and names the message in the box’s description', async () => {
    const { user, agree } = renderPanel();
    await user.click(agree);
    expect(agree).toBeChecked();
    expect(screen.queryByText(AGREE_ERROR)).toBeNull();
    await user.click(agree);
    expect(agree).not.toBeChecked();
    expect(screen.getByText(AGREE_ERROR)).toBeVisible();
    expect(agree).toHaveAccessibleDescription(`Your electronic signature binds you as a handwritten one would. ${AGREE_ERROR}`);
  });

  it('signs with the typed name after the confirmation', async () => {
    const bodies: unknown[] = [];
    server.use(
      http.post('/api/contracts/42/sign', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json({ contract: { ...contract, status: 'signed' } });
      }),
    );
    const { user, name, agree, signed } = renderPanel();
    await user.type(name, '  Chloe Client ');
    await user.click(agree);
    await user.click(screen.getByTestId('sign-button'));
    const dialog = await screen.findByRole('dialog', {}, { timeout: 5_000 });
    expect(dialog).toHaveTextContent('as Chloe Client');
    await user.click(screen.getByRole('button', { name: 'Sign' }));
    await expect.poll(() => signed.length, { timeout: 5_000 }).toBe(1);
    expect(bodies).toEqual([{ signature_name: 'Chloe Client', agree: true, document_sha256: contract.document_sha256 }]);
  });
});
