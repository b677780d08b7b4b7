import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setLocale } from '../i18n';
import { renderScreen } from '../test/render';
import { ConfirmDialogContent } from './confirm-dialog-content';
import { CopyLinkField } from './copy-link-field';
import { ErrorScreen } from './error-screen';

beforeEach(async () => {
  await setLocale('de');
});

afterEach(async () => {
  await setLocale('en-GB');
});

describe('the shared parts of the screens in German', () => {
  it('shows the error screen in German, the status as the server sent it', () => {
    renderScreen(<ErrorScreen error={{ status: 404, statusText: 'Not Found' }} dashboardPath="/clientdashboardpage" />, { path: '/missing' });
    expect(screen.getByRole('heading', { name: 'Unerwarteter Anwendungsfehler!' })).toBeInTheDocument();
    expect(screen.getByTestId('error-detail')).toHaveTextContent('404 Not Found');
    expect(screen.getByRole('link', { name: 'Zu Ihrem Dashboard' })).toHaveAttribute('href', '/clientdashboardpage');
  });

  it('offers Abbrechen in a confirmation and Kopieren beside a link', () => {
    renderScreen(
      <>
        <CopyLinkField label="Link" value="https://agency.example/x" />
        <ConfirmDialogContent open title="Löschen?" confirmLabel="Löschen" onConfirm={() => undefined} onClose={() => undefined}>
          Wirklich?
        </ConfirmDialogContent>
      </>,
      { path: '/' },
    );
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Kopieren', hidden: true })).toBeInTheDocument();
  });
});
