import { renderToStaticMarkup } from 'react-dom/server';
import { I18nContextProvider, StoreContextProvider } from 'react-admin';
import { describe, expect, it } from 'vitest';
import { i18nProvider } from './i18nProvider';
import { store, storeLocale } from './store';

/** What react-admin's i18n context renders on its first render (no effects run on the server). */
const firstRender = () =>
  renderToStaticMarkup(
    <StoreContextProvider value={store}>
      <I18nContextProvider value={i18nProvider}>
        <main>the page</main>
      </I18nContextProvider>
    </StoreContextProvider>,
  );

describe('the stored locale', () => {
  it("is the i18nProvider's once the store is loaded: react-admin renders the app in its first render", () => {
    expect(store.getItem('locale')).toBe(i18nProvider.getLocale());
    expect(firstRender()).toBe('<main>the page</main>');
  });

  it('without it (a store reset, a browser that never chose one) the first render is empty, until storeLocale', () => {
    store.removeItem('locale');
    expect(firstRender()).toBe('');
    storeLocale();
    expect(firstRender()).toBe('<main>the page</main>');
  });
});
