import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstRenderCount, useFirstRenderItems } from './afterFirstPaint';

function Items({ items, minItemHeight }: { items: number[] | undefined; minItemHeight: number }) {
  const shown = useFirstRenderItems(items, minItemHeight);
  return <ul>{shown === undefined ? 'none' : shown.map(item => <li key={item}>{item}</li>)}</ul>;
}

/** The items of a component's first render (the server's render is a first render). */
const firstRender = (items: number[] | undefined, minItemHeight: number) =>
  [...renderToStaticMarkup(<Items items={items} minItemHeight={minItemHeight} />).matchAll(/<li>(\d+)<\/li>/g)].map(m => Number(m[1]));

const page = Array.from({ length: 25 }, (_, i) => i + 1);

describe('the items of a list in its first render', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('are the first ones a window of its height can show, in order', () => {
    vi.stubGlobal('innerHeight', 900);
    // 900 px of rows at least 72 px tall: 12.5, so 13 (the table of /tickets on a 1440 × 900 screen)
    expect(firstRender(page, 72)).toEqual(page.slice(0, 13));
    // Pixel 7's 839 px of cards at least 120 px tall
    vi.stubGlobal('innerHeight', 839);
    expect(firstRender(page, 120)).toEqual(page.slice(0, 7));
  });

  it('are all of them when they fit, or when there is no window', () => {
    vi.stubGlobal('innerHeight', 2000);
    expect(firstRender(page.slice(0, 10), 72)).toEqual(page.slice(0, 10));
    vi.stubGlobal('innerHeight', undefined);
    expect(firstRender(page, 72)).toEqual(page);
    expect(renderToStaticMarkup(<Items items={undefined} minItemHeight={72} />)).toBe('<ul>none</ul>');
  });

  it('count at least one, rounding up', () => {
    expect(firstRenderCount(900, 72)).toBe(13);
    expect(firstRenderCount(864, 72)).toBe(12);
    expect(firstRenderCount(10, 72)).toBe(1);
    expect(firstRenderCount(0, 72)).toBe(Infinity);
    expect(firstRenderCount(undefined, 72)).toBe(Infinity);
  });
});
