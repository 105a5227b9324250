import englishMessages from 'ra-language-english';
import { substituteTokens, type I18nProvider, type TranslationMessages } from 'react-admin';

/** Nested messages as the dotted keys react-admin asks for (`ra.action.save`). */
function flatten(messages: object, prefix = '', into = new Map<string, string>()): Map<string, string> {
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') into.set(`${prefix}${key}`, value);
    else if (value && typeof value === 'object') flatten(value, `${prefix}${key}.`, into);
  }
  return into;
}

/**
 * react-admin's English messages without node-polyglot (issue 32, the first load: react-admin's
 * defaultI18nProvider brought polyglot and its polyfills, ~40 KB raw, into every first load for one
 * English locale). Does what polyglot did with `allowMissing`: an unknown key falls back to
 * `options._`, else the key itself; `smart_count` picks the singular or the plural of
 * "one |||| many"; `%{name}` tokens take the options' values.
 */
export function englishI18nProvider(messages: TranslationMessages = englishMessages): I18nProvider {
  const phrases = flatten(messages);
  return {
    translate: (key: string, options: Record<string, any> = {}) => {
      let phrase = phrases.get(key) ?? (typeof options._ === 'string' ? options._ : key);
      if (typeof options.smart_count === 'number' && phrase.includes('||||')) {
        const forms = phrase.split('||||');
        phrase = (options.smart_count === 1 ? forms[0] : (forms[1] ?? forms[0])).trim();
      }
      return substituteTokens(phrase, options);
    },
    changeLocale: () => Promise.resolve(),
    getLocale: () => 'en',
    getLocales: () => [{ locale: 'en', name: 'English' }],
  };
}

export const i18nProvider = englishI18nProvider();
