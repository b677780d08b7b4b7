import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { config as zodConfig } from 'zod/v4/core';
import { router } from './app/router';
import './index.css';

// Validation without zod's compiled fast path: its `new Function` probe would break the Content-Security-Policy
// (no 'unsafe-eval'), and the forms it checks are small.
zodConfig({ jitless: true });

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
