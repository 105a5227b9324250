import { createElement, Suspense, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyScreen } from './lazyScreen';

const Part = ({ label }: { label: string }) => createElement('b', null, label);

/** The component inside a Suspense boundary, rendered once: its content, or the boundary's fallback. */
const render = (Component: ComponentType<{ label: string }>) =>
  renderToString(createElement(Suspense, { fallback: createElement('i', null, 'loading') }, createElement(Component, { label: 'the part' })));

describe('lazyScreen', () => {
  it('suspends on its first render while its chunk is not in', () => {
    const Screen = lazyScreen(() => Promise.resolve({ Part }), 'Part');
    expect(render(Screen)).toContain('<i>loading</i>');
  });

  it('renders at once, without suspending, when its chunk was preloaded', async () => {
    const Screen = lazyScreen(() => Promise.resolve({ Part }), 'Part');
    await Screen.preload();
    expect(render(Screen)).toContain('<b>the part</b>');
  });

  it('fetches its chunk once, and again after a failed fetch', async () => {
    let calls = 0;
    let fail = true;
    const Screen = lazyScreen(() => {
      calls += 1;
      return fail ? Promise.reject(new Error('offline')) : Promise.resolve({ Part });
    }, 'Part');
    await expect(Screen.preload()).rejects.toThrow('offline');
    fail = false;
    await Promise.all([Screen.preload(), Screen.preload()]);
    expect(calls).toBe(2);
    expect(render(Screen)).toContain('<b>the part</b>');
  });
});
