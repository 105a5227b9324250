import { useDeferredValue } from 'react';

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
