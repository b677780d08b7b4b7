// Every server catalogue, by language and area. An area adds its three files here (en-GB, de, ar).
import arCommon from '../locales/ar/common.json';
import arPdf from '../locales/ar/pdf.json';
import deCommon from '../locales/de/common.json';
import dePdf from '../locales/de/pdf.json';
import enCommon from '../locales/en-GB/common.json';
import enPdf from '../locales/en-GB/pdf.json';

export const catalogues = {
  'en-GB': { common: enCommon, pdf: enPdf },
  de: { common: deCommon, pdf: dePdf },
  ar: { common: arCommon, pdf: arPdf },
};
