// Right-to-left layout: MUI mirrors its components when the theme's direction is rtl and its styles pass through
// the RTL style plugin (margins, paddings, positions and borders swap sides). Loaded only for a right-to-left
// language, before the switch.
import createCache, { type EmotionCache } from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';

let cache: EmotionCache | null = null;

export function loadRtlCache(): EmotionCache {
  cache ??= createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
  return cache;
}

/** The mirrored style cache, once a right-to-left language has been loaded. */
export function rtlCache(): EmotionCache | null {
  return cache;
}
