import { useEffect, useState, type ComponentType, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';

let loaded: ComponentType<TooltipProps> | null = null;

/** MUI's Tooltip brings its Popper (popper.js) and Grow: fetched once the page is idle (issue 32). */
function loadTooltip(): Promise<ComponentType<TooltipProps>> {
  return import('@mui/material/Tooltip').then(module => (loaded = module.default));
}

/**
 * MUI's Tooltip for the shell's always-visible buttons without it in the first load: the child renders
 * alone until the browser is idle after the first render, then inside MUI's Tooltip (same look and
 * behaviour from then on).
 */
export function LazyTooltip({ title, children }: { title: string; children: ReactElement }) {
  const [Tooltip, setTooltip] = useState<ComponentType<TooltipProps> | null>(() => loaded);
  useEffect(() => {
    if (Tooltip) return;
    let live = true;
    const load = () => void loadTooltip().then(component => live && setTooltip(() => component));
    const idle = typeof window.requestIdleCallback === 'function' ? window.requestIdleCallback(load, { timeout: 3000 }) : window.setTimeout(load, 1000);
    return () => {
      live = false;
      if (typeof window.cancelIdleCallback === 'function') window.cancelIdleCallback(idle);
      else window.clearTimeout(idle);
    };
  }, [Tooltip]);
  return Tooltip ? <Tooltip title={title}>{children}</Tooltip> : children;
}
