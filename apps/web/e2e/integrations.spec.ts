// Connecting other tools: a person's API token made on the profile page and used by a script, and the webhooks
// screen where staff add and remove endpoints.
import { expect, test } from '@playwright/test';
import { createAdmin, createClient, signInBrowser } from './support/accounts';

test.describe('API tokens', () => {
  test('a client makes a token that reads projects but cannot write, uses it from a script, and revokes it', async ({ page, request }) => {
    const client = await createClient(request);
    await signInBrowser(page, client, '/profile');
    const card = page.getByTestId('api-tokens-card');
    await card.getByRole('textbox', { name: 'Token name' }).fill('Reporting script');
    await card.getByRole('checkbox', { name: 'projects:read' }).check();
    await card.getByTestId('create-api-token').click();
    const secret = await card.getByTestId('new-api-token').inputValue();
    expect(secret).toMatch(/^agt_/);
    await expect(card.getByTestId('api-token-row')).toContainText('Reporting script');

    const bearer = { authorization: `Bearer ${secret}` };
    expect((await request.get('/api/projects', { headers: bearer })).status()).toBe(200);
    const write = await request.post('/api/projects', { headers: bearer, data: { title: 'From a script', description: 'Not allowed' } });
    expect(write.status()).toBe(403);
    expect(await write.json()).toEqual({ error: 'This API token lacks the scope projects:write', code: 'TOKEN_SCOPE_MISSING' });

    await card.getByRole('button', { name: 'Revoke Reporting script' }).click();
    await expect(card.getByTestId('api-token-row')).toHaveCount(0);
    expect((await request.get('/api/projects', { headers: bearer })).status()).toBe(401);
  });
});

test.describe('webhooks', () => {
  test('an admin adds an endpoint, copies its secret once, and removes it', async ({ page, request }) => {
    const admin = await createAdmin(request);
    await signInBrowser(page, admin);
    await page.getByRole('link', { name: 'Webhooks' }).first().click();
    await expect(page.getByRole('heading', { name: 'Webhooks', level: 1 })).toBeVisible();

    const form = page.getByTestId('new-webhook-card');
    await expect(form.getByRole('checkbox', { name: 'message.sent' })).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://203.0.114.10/hooks/agency');
    await form.getByRole('checkbox', { name: 'contract.expired' }).check();
    await form.getByTestId('add-webhook').click();
    await expect(form.getByTestId('webhook-secret')).toHaveValue(/^whsec_/);
    const row = page.getByTestId('webhook-row').filter({ hasText: 'https://203.0.114.10/hooks/agency' });
    await expect(row).toContainText('contract.expired');

    await row.getByRole('button', { name: 'Deliveries to https://203.0.114.10/hooks/agency' }).click();
    await expect(page.getByTestId('webhook-deliveries')).toContainText('Nothing has been sent to this endpoint yet.');

    await row.getByRole('button', { name: 'Remove https://203.0.114.10/hooks/agency' }).click();
    await page.getByRole('button', { name: 'Remove endpoint' }).click();
    await expect(row).toHaveCount(0);
  });

  test('a private address is refused with the reason', async ({ page, request }) => {
    const admin = await createAdmin(request);
    await signInBrowser(page, admin, '/webhooks');
    const form = page.getByTestId('new-webhook-card');
    await form.getByRole('textbox', { name: 'Endpoint URL' }).fill('https://169.254.169.254/latest/meta-data');
    await form.getByRole('checkbox', { name: 'project.created' }).check();
    await form.getByTestId('add-webhook').click();
    await expect(form.getByRole('alert')).toContainText('169.254.169.254 resolves to 169.254.169.254, a private, loopback or reserved address');
  });
});
