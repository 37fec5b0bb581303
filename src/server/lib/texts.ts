import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import type { FastifyRequest } from 'fastify';
import { isLanguage, LANGUAGE_COOKIE, LANGUAGES, type Language, pickLanguage } from '#shared/languages.ts';
import { type TextId, textOf } from '#shared/messages/catalogues.ts';

/*
 * The passenger texts on the server (the e-mails): the catalogues of src/shared/messages/catalogues.ts,
 * rendered with Lingui's runtime in the passenger's language. The web gets its catalogues
 * compiled at build time; here each ICU text is compiled the first time it is used. An
 * operator's correction of a text (admin: Texts) wins over the catalogue; a correction that is
 * not valid ICU is passed over for the catalogue's text, so a typo never stops a mail.
 */

/** The operator's corrections, by language and text id (`email.receivedThanks`). */
export type TextOverrides = Partial<Record<Language, Readonly<Record<string, string>>>>;
export type TextValues = Readonly<Record<string, string | number>>;
/** Renders one text in a language already chosen. */
export type Translate = (id: TextId, values?: TextValues) => string;

type Compiled = ReturnType<typeof compileMessageOrThrow>;

// Bounded: the catalogues are a few hundred texts, but overrides change over time.
const COMPILED_LIMIT = 2_000;
const compiled = new Map<string, Compiled>();

function compile(source: string): Compiled {
  let result = compiled.get(source);
  if (!result) {
    result = compileMessageOrThrow(source);
    if (compiled.size >= COMPILED_LIMIT) compiled.clear();
    compiled.set(source, result);
  }
  return result;
}

/** One Lingui instance per language (plural rules and formats follow its locale). */
const instances = Object.fromEntries(
  LANGUAGES.map((language) => {
    const i18n = setupI18n({ locale: language, messages: { [language]: {} } });
    i18n.setMessagesCompiler(compile);
    return [language, i18n];
  }),
) as Record<Language, I18n>;

/** The catalogue's text for `id`, English where the translation is missing or blank. */
export function catalogueText(language: Language, id: TextId): string {
  return textOf(id, language) || textOf(id, 'en') || id;
}

// The catalogue is not loaded into the instance: each call names the source it renders, which
// is how a correction can win over a text the catalogue has.
const render = (language: Language, id: TextId, source: string, values?: TextValues) =>
  instances[language]._({ id, message: source, values: values ?? {} } satisfies MessageDescriptor);

/**
 * `id` in `language` with `values` put in: the operator's correction when there is one (and it
 * is valid ICU), else the catalogue's text (else the English).
 */
export function renderText(
  language: Language,
  id: TextId,
  values?: TextValues,
  overrides?: TextOverrides,
): string {
  const override = overrides?.[language]?.[id];
  if (override?.trim()) {
    try {
      return render(language, id, override, values);
    } catch {
      // Not valid ICU: the catalogue's text below.
    }
  }
  return render(language, id, catalogueText(language, id), values);
}

/** renderText with the language and the corrections bound. */
export const translator =
  (language: Language, overrides?: TextOverrides): Translate =>
  (id, values) =>
    renderText(language, id, values, overrides);

/**
 * The language a request asks for: the one its body names, else the passenger's choice on the
 * web (the `lang` cookie), else the first of Accept-Language the app speaks, else English.
 */
export function requestLanguage(req: FastifyRequest, chosen?: Language | undefined): Language {
  if (chosen) return chosen;
  const cookie = req.cookies?.[LANGUAGE_COOKIE];
  if (isLanguage(cookie)) return cookie;
  return pickLanguage(req.headers['accept-language']);
}
