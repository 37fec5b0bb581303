import en from '#shared/messages/common.ts?catalogue';
import { registerTexts } from './texts.tsx';

/** The texts of every public page (header, footer, 404, dates): part of the app's entry. */
export const COMMON = registerTexts('common', en, () => import('#shared/locales/dv/common.ts?catalogue'));
