import { describe, expect, it } from 'vitest';
import { englishI18nProvider, i18nProvider } from './i18nProvider';

describe('i18nProvider (react-admin English without polyglot)', () => {
  it("translates react-admin's own keys", () => {
    expect(i18nProvider.translate('ra.action.save')).toBe('Save');
    expect(i18nProvider.translate('ra.action.undo')).toBe('Undo');
  });

  it('falls back to `_`, then to the key', () => {
    expect(i18nProvider.translate('Ticket created', { _: 'Ticket created' })).toBe('Ticket created');
    expect(i18nProvider.translate('app.unknown')).toBe('app.unknown');
  });

  it('interpolates tokens and keeps unknown ones', () => {
    const provider = englishI18nProvider({ a: { b: 'Hello %{name}, %{other}' } } as never);
    expect(provider.translate('a.b', { name: 'Ann' })).toBe('Hello Ann, %{other}');
    expect(provider.translate('%{count} saved', { _: '%{count} saved', count: 3 })).toBe('3 saved');
  });

  it('picks the singular or the plural by smart_count', () => {
    expect(i18nProvider.translate('ra.notification.updated', { smart_count: 1 })).toBe('Element updated');
    expect(i18nProvider.translate('ra.notification.updated', { smart_count: 3 })).toBe('3 elements updated');
    expect(i18nProvider.translate('ra.notification.deleted', { smart_count: 2 })).toBe('2 elements deleted');
  });

  it('speaks English only', () => {
    expect(i18nProvider.getLocale()).toBe('en');
    expect(i18nProvider.getLocales?.()).toEqual([{ locale: 'en', name: 'English' }]);
  });
});
