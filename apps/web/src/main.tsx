import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { router } from './app/router';
import { whenRouterReady } from './app/router-ready';
import { setLocale, startLocale } from './i18n';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

// The first route's modules are preloaded with the entry (the route pages' modulepreload links): rendering once they
// are in makes the first paint the whole page, not the loading state and then the page in two more long tasks.
// A slow network still sees the loading state after a short wait.
// The person's language (kept from their profile, else the browser's) is loaded before the first paint, so a German
// or Arabic reader never sees the English texts flash first.
const locale = startLocale();
void Promise.all([whenRouterReady(router, 1000), locale ? setLocale(locale) : setLocale('en-GB')]).then(() => {
  createRoot(container).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
