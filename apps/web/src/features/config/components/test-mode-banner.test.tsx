import type { PublicConfig } from '@agency/schema';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../../../i18n';
import { renderScreen } from '../../../test/render';
import { server } from '../../../test/server';
import { TestModeBanner } from './test-mode-banner';
import { publicConfig } from '../../../test/config-fixture';

const config = (test_payments: boolean): PublicConfig => ({ ...publicConfig, test_payments });

describe('TestModeBanner', () => {
  it('says that no money moves when payments go to the test checkout', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json(config(true))));
    renderScreen(<TestModeBanner />);
    expect(await screen.findByTestId('test-mode-banner')).toHaveTextContent('Test mode: no money moves.');
  });

  it('says so in German too', async () => {
    server.use(http.get('/api/config', () => HttpResponse.json(config(true))));
    await setLocale('de');
    try {
      renderScreen(<TestModeBanner />);
      const banner = await screen.findByTestId('test-mode-banner');
      expect(banner).toHaveTextContent('Testmodus: Es fließt kein Geld. Kartenzahlungen gehen an eine Test-Kasse');
      expect(banner.querySelector('strong')).toHaveTextContent('Testmodus: Es fließt kein Geld.');
    } finally {
      await setLocale('en-GB');
    }
  });

  it('shows nothing with a real payment provider', async () => {
    let asked = false;
    server.use(
      http.get('/api/config', () => {
        asked = true;
        return HttpResponse.json(config(false));
      }),
    );
    const { container } = renderScreen(<TestModeBanner />);
    await expect.poll(() => asked).toBe(true);
    expect(container.querySelector('[data-testid="test-mode-banner"]')).toBeNull();
  });
});
