import { useLayoutEffect } from 'react';

/**
 * Sets the document's title while the calling screen is shown, and puts back the one before when it goes. A
 * rendered <title> would do this on React 19, which hoists it into the head, but not on Preact's React layer, which
 * the production build runs on: it would stay in the body, and the tab would keep the page's "Loading...".
 */
export function useDocumentTitle(title: string): void {
  useLayoutEffect(() => {
    const before = document.title;
    document.title = title;
    return () => {
      document.title = before;
    };
  }, [title]);
}
