// Right-to-left layout: MUI mirrors its components when the theme's direction is rtl and its styles pass through
// the RTL style plugin (margins, paddings, positions and borders swap sides). Loaded only for a right-to-left
// language, before the switch (see setLocale).
import createCache, { type EmotionCache } from '@emotion/cache';
import rtlPlugin from '@mui/stylis-plugin-rtl';
import { prefixer } from 'stylis';

export function createRtlCache(): EmotionCache {
  return createCache({ key: 'muirtl', stylisPlugins: [prefixer, rtlPlugin] });
}
