import SearchIcon from '@mui/icons-material/Search';
import IconButton from '@mui/material/IconButton';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useCommonT } from '../../../i18n';

// The dialog, its results and highlights load the first time search opens: the shell carries only this button.
const SearchDialog = lazy(async () => ({ default: (await import('./search-dialog')).SearchDialog }));

/** Whether a key press is typing into something (a `/` there is text, not a shortcut). */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName);
}

/** The app bar's search: a button, `/` (outside a text field) or Ctrl+K / ⌘K from anywhere opens the dialog. */
export function SearchButton() {
  const { t } = useCommonT();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    function handleKeyDown(event: KeyboardEvent) {
      const commandK = (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';
      const slash = event.key === '/' && !event.ctrlKey && !event.metaKey && !event.altKey && !isTyping(event.target);
      if (!commandK && !slash) return;
      event.preventDefault();
      setLoaded(true);
      setOpen(true);
    }
    window.addEventListener('keydown', handleKeyDown);
    return () => window.removeEventListener('keydown', handleKeyDown);
  }, []);

  return (
    <>
      <IconButton
        color="inherit"
        aria-label={t('search.open')}
        aria-keyshortcuts="/ Control+K"
        title={t('search.title')}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        data-testid="search-button"
      >
        <SearchIcon />
      </IconButton>
      {loaded && (
        <Suspense fallback={null}>
          <SearchDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
