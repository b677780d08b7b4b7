// A pseudo-language for the catalogue check: every catalogued text is shown accented and between ⟦ ⟧, so a text a
// screen shows without those marks did not come from a catalogue. Placeholders ({{name}}), nested keys ($t(...))
// and the tags of rich texts (<link>...</link>) are kept as they are.
import type { Resource } from 'i18next';

export const PSEUDO_LOCALE = 'en-XA';

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};
const KEPT = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?[A-Za-z0-9]+\s*\/?>)/;

export function pseudoText(text: string): string {
  const parts = text.split(KEPT).map((part, index) => (index % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (ch) => ACCENTED[ch] ?? ch)));
  return `⟦${parts.join('')}⟧`;
}

type Bundle = Resource[string][string];

export function pseudoBundle(bundle: Bundle): Bundle {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(bundle as Record<string, unknown>)) {
    out[key] = typeof value === 'string' ? pseudoText(value) : value && typeof value === 'object' ? pseudoBundle(value as Bundle) : value;
  }
  return out as Bundle;
}
