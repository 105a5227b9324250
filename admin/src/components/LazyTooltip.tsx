import { cloneElement, useEffect, useState, type ComponentType, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
import type { TooltipProps } from '@mui/material/Tooltip';
import { whenIdle } from '../lib/lazyScreen';

let loaded: ComponentType<TooltipProps> | null = null;

/** MUI's Tooltip brings its Popper (popper.js) and Grow: fetched once the page is idle (issue 32). */
function loadTooltip(): Promise<ComponentType<TooltipProps>> {
  return import('@mui/material/Tooltip').then(module => (loaded = module.default));
}

type ChildProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * MUI's Tooltip for the shell's always-visible buttons without it in the first load. The tooltip is
 * rendered beside its button, anchored to it, never around it: wrapping the button once the Tooltip
 * had loaded replaced the button's element, and a click that landed during that swap (a second or
 * two after the page loaded, when the browser fell idle) was lost, or a focused button lost its focus.
 * It shows for a mouse over the button and for keyboard focus, as MUI's does.
 */
export function LazyTooltip({ title, children }: { title: string; children: ReactElement<ChildProps> }) {
  const [Tooltip, setTooltip] = useState<ComponentType<TooltipProps> | null>(() => loaded);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (Tooltip) return;
    let live = true;
    const cancel = whenIdle(() => void loadTooltip().then(component => live && setTooltip(() => component)));
    return () => {
      live = false;
      cancel();
    };
  }, [Tooltip]);

  const show = (element: HTMLElement) => {
    setAnchor(element);
    setOpen(true);
  };
  const { onPointerEnter, onPointerLeave, onFocus, onBlur } = children.props;
  const button = cloneElement(children, {
    onPointerEnter: event => {
      onPointerEnter?.(event);
      // a finger's tap is a click, not a hover
      if (event.pointerType === 'mouse') show(event.currentTarget);
    },
    onPointerLeave: event => {
      onPointerLeave?.(event);
      setOpen(false);
    },
    onFocus: event => {
      onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget);
    },
    onBlur: event => {
      onBlur?.(event);
      setOpen(false);
    },
  });
  return (
    <>
      {button}
      {Tooltip && anchor ? (
        <Tooltip title={title} open={open} disableHoverListener disableFocusListener disableTouchListener slotProps={{ popper: { anchorEl: anchor } }}>
          <span hidden />
        </Tooltip>
      ) : null}
    </>
  );
}
