import { cloneElement, Fragment, type ReactElement, type ReactNode } from 'react';

// Non-nested tags with a lower-case name: `Already have an account? <a>Log in</a>`.
const TAG = /<([a-z]+)>(.*?)<\/\1>/gs;

type RichTextProps = {
  /** A catalogued text, its placeholders already filled in. */
  text: string;
  /** The element each tag is drawn as; the tag's words become its children. */
  components: Record<string, ReactElement<{ children?: ReactNode }>>;
};

/**
 * A catalogued text with links or bold words in it, for the light public pages: what react-i18next's `Trans` does
 * for these texts, without its markup parser (about 5 KB gzip on every page that draws one). Everything is rendered
 * as text; a tag without an element stays as it is written.
 */
export function RichText({ text, components }: RichTextProps) {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(TAG)) {
    const [whole, name = '', inner] = match;
    const element = components[name];
    if (match.index > last) parts.push(text.slice(last, match.index));
    parts.push(element ? cloneElement(element, undefined, inner) : whole);
    last = match.index + whole.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts.map((part, index) => <Fragment key={index}>{part}</Fragment>);
}
