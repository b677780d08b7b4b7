// Every server catalogue, by language and area. An area adds its three files here (en-GB, de, ar).
import arCommon from '../locales/ar/common.json';
import deCommon from '../locales/de/common.json';
import enCommon from '../locales/en-GB/common.json';

export const catalogues = {
  'en-GB': { common: enCommon },
  de: { common: deCommon },
  ar: { common: arCommon },
};
