import english from '../../locales/en-GB/plain.json';
import { catalogue } from '../../i18n';

// The light public pages' own texts (header, footer, fields, loading, skip link): a catalogue of its own, so that
// the public pages load no other area's texts.
export const usePlainT = catalogue('plain', english);
