import { z } from 'zod';
import { DEFAULT_LOCALE, LOCALES } from '../constants/constants.js';

/**
 * The language of a log export's labels (the `*_label` columns beside each code, and the
 * audit details): `lang`, one of the console's locales, en-US unless told.
 */
export const LogExportShape = {
  lang: z
    .enum(LOCALES)
    .default(DEFAULT_LOCALE)
    .meta({ description: 'Language of the label columns beside the codes (en-US unless told)' }),
};
