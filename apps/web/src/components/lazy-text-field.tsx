import { lazy } from 'react';

/**
 * The kit's `TextField`, fetched when first drawn: for a field that only shows inside a dialog fetched on first
 * opening, so that the screen behind it does not load the field's select, menu and modal cold. Draw it inside a
 * `Suspense` boundary (a lazy dialog's own).
 */
export const LazyTextField = lazy(() => import('@mui/material/TextField'));
