import { SEARCH_KINDS, type SearchItem, type SearchKind } from '@agency/schema';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import visuallyHidden from '@mui/utils/visuallyHidden';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { errorMessage } from '../../../lib/http';
import { useSearch } from '../api/search';
import { HighlightedText } from '../../../components/highlighted-text';
import { useSearchT } from '../i18n';

/** The heading of each kind's group of results. */
const KIND_KEYS = {
  project: 'kinds.project',
  company: 'kinds.company',
  person: 'kinds.person',
  proposal: 'kinds.proposal',
  contract: 'kinds.contract',
  invoice: 'kinds.invoice',
  card: 'kinds.card',
  message: 'kinds.message',
} as const satisfies Record<SearchKind, string>;

/** How long the box waits after the last key before it asks. */
const TYPING_PAUSE_MS = 200;

type SearchDialogProps = {
  open: boolean;
  onClose: () => void;
};

/**
 * The search of the app bar: a box, and what it finds grouped by kind (best group first, best first within), each a
 * link to its screen. Arrow keys move through the results from the box, Enter opens the one picked, Escape closes.
 */
export function SearchDialog({ open, onClose }: SearchDialogProps) {
  const { t } = useSearchT();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const navigate = useNavigate();
  const listId = useId();
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQ(text), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const { data, error, isFetching } = useSearch({ q });
  const hasWord = /[\p{L}\p{N}]/u.test(q);
  const groups = useMemo(() => groupByKind(hasWord ? (data?.items ?? []) : []), [data, hasWord]);
  const flat = useMemo(() => groups.flatMap((g) => g.items), [groups]);

  // The pick belongs to one answer: a new answer starts again at its best result.
  const [picked, setPicked] = useState<{ answer: unknown; index: number }>({ answer: null, index: 0 });
  const active = picked.answer === data ? Math.min(picked.index, Math.max(flat.length - 1, 0)) : 0;
  const setActive = (index: number) => setPicked({ answer: data, index });
  useEffect(() => {
    listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  function handleOpen(item: SearchItem) {
    onClose();
    void navigate(item.url);
  }

  function handleKeyDown(event: KeyboardEvent) {
    if (flat.length === 0) return;
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive((active + 1) % flat.length);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((active - 1 + flat.length) % flat.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = flat[active];
      if (item) handleOpen(item);
    }
  }

  const optionId = (index: number) => `${listId}-option-${index}`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={`${listId}-title`}
      slotProps={{ paper: { sx: { alignSelf: 'flex-start', mt: { xs: 2, sm: 8 }, mx: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)' } } } }}
      data-testid="search-dialog"
    >
      <Box component="h2" id={`${listId}-title`} sx={visuallyHidden}>
        {t('dialog.title')}
      </Box>
      <Box sx={{ p: 1.5, borderBottom: 1, borderColor: 'divider' }}>
        <TextField
          autoFocus
          fullWidth
          placeholder={t('dialog.placeholder')}
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={handleKeyDown}
          slotProps={{
            htmlInput: {
              role: 'combobox',
              'aria-label': t('dialog.label'),
              'aria-expanded': flat.length > 0,
              'aria-controls': listId,
              'aria-activedescendant': flat.length > 0 ? optionId(active) : undefined,
              'aria-autocomplete': 'list',
              maxLength: 200,
            },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  {isFetching ? <CircularProgress size={20} aria-label={t('dialog.searching')} /> : <SearchIcon aria-hidden="true" />}
                </InputAdornment>
              ),
            },
          }}
        />
      </Box>
      <Box sx={{ maxHeight: { xs: '70vh', sm: 480 }, overflowY: 'auto' }}>
        {error ? (
          <Typography role="alert" sx={{ p: 2 }} color="error">
            {errorMessage(error)}
          </Typography>
        ) : hasWord && data && flat.length === 0 ? (
          <Typography sx={{ p: 2 }} color="text.secondary" role="status">
            {t('dialog.nothingFound', { q: q.trim() })}
          </Typography>
        ) : !hasWord ? (
          <Typography sx={{ p: 2 }} color="text.secondary">
            {t('dialog.hint')}
          </Typography>
        ) : null}
        <Box component="ul" id={listId} role="listbox" aria-label={t('dialog.results')} ref={listRef} sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {groups.map((group) => (
            <Box component="li" role="presentation" key={group.kind}>
              <Typography
                variant="overline"
                component="div"
                id={`${listId}-${group.kind}`}
                sx={{ px: 2, pt: 1, display: 'block', color: 'text.secondary', lineHeight: 2 }}
              >
                {t(KIND_KEYS[group.kind])}
              </Typography>
              <Box component="ul" role="group" aria-labelledby={`${listId}-${group.kind}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
                {group.items.map((item, i) => {
                  const position = group.start + i;
                  const selected = position === active;
                  return (
                    <Box
                      component="li"
                      key={`${item.kind}-${item.id}`}
                      id={optionId(position)}
                      role="option"
                      aria-selected={selected}
                      onMouseMove={() => setActive(position)}
                      sx={{ bgcolor: selected ? 'action.selected' : undefined }}
                    >
                      <Box
                        component={Link}
                        to={item.url}
                        tabIndex={-1}
                        onClick={(e: React.MouseEvent) => {
                          e.preventDefault();
                          handleOpen(item);
                        }}
                        sx={{ display: 'block', px: 2, py: 1, color: 'inherit', textDecoration: 'none', minWidth: 0 }}
                        data-testid="search-result"
                      >
                        <Typography variant="body2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
                          <HighlightedText text={item.title} />
                        </Typography>
                        {item.snippet && (
                          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                            <HighlightedText text={item.snippet} />
                          </Typography>
                        )}
                      </Box>
                    </Box>
                  );
                })}
              </Box>
            </Box>
          ))}
        </Box>
      </Box>
    </Dialog>
  );
}

/** Results grouped by kind; the groups in the order of their best result (the answer comes best first). */
export function groupByKind(items: readonly SearchItem[]): { kind: SearchKind; items: SearchItem[]; start: number }[] {
  const groups = new Map<SearchKind, SearchItem[]>();
  for (const item of items) {
    if (!SEARCH_KINDS.includes(item.kind)) continue;
    const list = groups.get(item.kind) ?? [];
    list.push(item);
    groups.set(item.kind, list);
  }
  let start = 0;
  return [...groups].map(([kind, list]) => {
    const group = { kind, items: list, start };
    start += list.length;
    return group;
  });
}
