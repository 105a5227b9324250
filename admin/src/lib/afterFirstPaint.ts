import { useDeferredValue, useMemo } from 'react';

/**
 * False on a component's first render, true in the render React makes right after it, in the
 * background (useDeferredValue's initial value): for parts of a screen that are not needed in its
 * first frame and are costly to mount (MUI's selects, tooltips and forms each set state as they
 * mount, which makes React render again before the browser can paint). A screen renders a
 * same-size placeholder for them first, so nothing moves when they come (issue 32: the first
 * rows of /tickets are on screen before the filters' inputs are mounted, not after).
 */
export function useAfterFirstPaint(): boolean {
  return useDeferredValue(true, false);
}

/**
 * A list's items as a component shows them: in its first render only as many as a window of this
 * height can show, at least `minItemHeight` px each (a list never starts above the window's top); all
 * of them from the render after (useAfterFirstPaint). The items below the fold then do not hold back
 * the first paint of the ones on screen (issue 32: the rows of /tickets), and the page's height is
 * already past the window's, so nothing on screen moves when they come.
 */
export function useFirstRenderItems<T>(items: T[] | undefined, minItemHeight: number): T[] | undefined {
  const all = useAfterFirstPaint();
  return useMemo(() => (all || !items ? items : items.slice(0, firstRenderCount(globalThis.innerHeight, minItemHeight))), [all, items, minItemHeight]);
}

/** How many items of at least `minItemHeight` px a window of `windowHeight` px can show: at least one, all without a window. */
export function firstRenderCount(windowHeight: number | undefined, minItemHeight: number): number {
  return windowHeight === undefined || !(windowHeight > 0) ? Infinity : Math.max(1, Math.ceil(windowHeight / minItemHeight));
}
