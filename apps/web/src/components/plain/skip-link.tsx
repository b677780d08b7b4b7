import type { MouseEvent } from 'react';
import { usePlainT } from './i18n';

/** The id of every page's `main` element: the target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content';

/** Moves the focus into the page's main content (and scrolls there) without touching the address. */
function skipToMain(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById(MAIN_CONTENT_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView();
}

/** "Skip to main content": the first focusable element of every page, visible only while it has the focus. */
export function SkipLink() {
  const { t } = usePlainT();
  return (
    <a className="skip-link" href={`#${MAIN_CONTENT_ID}`} onClick={skipToMain} data-testid="skip-link">
      {t('skipLink')}
    </a>
  );
}
