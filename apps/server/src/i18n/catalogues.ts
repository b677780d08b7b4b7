// Every server catalogue, by language and area. An area adds its three files here (en-GB, de, ar).
import arCommon from '../locales/ar/common.json';
import arMail from '../locales/ar/mail.json';
import arPdf from '../locales/ar/pdf.json';
import deCommon from '../locales/de/common.json';
import deMail from '../locales/de/mail.json';
import dePdf from '../locales/de/pdf.json';
import enCommon from '../locales/en-GB/common.json';
import enMail from '../locales/en-GB/mail.json';
import enPdf from '../locales/en-GB/pdf.json';

export const catalogues = {
  'en-GB': { common: enCommon, mail: enMail, pdf: enPdf },
  de: { common: deCommon, mail: deMail, pdf: dePdf },
  ar: { common: arCommon, mail: arMail, pdf: arPdf },
};
