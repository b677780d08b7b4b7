import { splitMarks } from '@agency/schema';

/**
 * A search title or snippet: plain text whose matched words the server marked; each match becomes a `<mark>`.
 * Everything is rendered as text, never as HTML.
 */
export function HighlightedText({ text }: { text: string }) {
  return (
    <>
      {splitMarks(text).map((run, i) =>
        run.match ? (
          <mark key={i} style={{ backgroundColor: '#fde68a', color: 'inherit', padding: 0, borderRadius: 2 }}>
            {run.text}
          </mark>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </>
  );
}
