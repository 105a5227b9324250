import { cloneElement, useEffect, useRef, useState, type ComponentType, type FocusEvent, type PointerEvent, type ReactElement } from 'react';
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
 * MUI's Tooltip without it in the first load, for the shell's always-visible buttons and the ticket
 * list's rows. The tooltip is rendered beside its element, anchored to it, never around it: wrapping
 * the element once the Tooltip had loaded replaced it, and a click that landed during that swap (a
 * second or two after the page loaded, when the browser fell idle) was lost, a focused button lost
 * its focus, and an element being read had no size. Nothing is set as it mounts, so a list of them
 * renders once. It shows for a mouse over the element and for keyboard focus, as MUI's does, after
 * `enterDelay` ms (MUI's default: 100).
 */
export function LazyTooltip({
  title,
  placement,
  enterDelay = 100,
  children,
}: {
  title: string;
  placement?: TooltipProps['placement'];
  enterDelay?: number;
  children: ReactElement<ChildProps>;
}) {
  const [Tooltip, setTooltip] = useState<ComponentType<TooltipProps> | null>(() => loaded);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    if (Tooltip) return;
    let live = true;
    const cancel = whenIdle(() => void loadTooltip().then(component => live && setTooltip(() => component)));
    return () => {
      live = false;
      cancel();
    };
  }, [Tooltip]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const show = (element: HTMLElement) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setAnchor(element);
      setOpen(true);
    }, enterDelay);
  };
  const hide = () => {
    clearTimeout(timer.current);
    setOpen(false);
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
      hide();
    },
    onFocus: event => {
      onFocus?.(event);
      if (event.currentTarget.matches(':focus-visible')) show(event.currentTarget);
    },
    onBlur: event => {
      onBlur?.(event);
      hide();
    },
  });
  return (
    <>
      {button}
      {Tooltip && anchor ? (
        <Tooltip title={title} placement={placement} open={open} disableHoverListener disableFocusListener disableTouchListener slotProps={{ popper: { anchorEl: anchor } }}>
          <span hidden />
        </Tooltip>
      ) : null}
    </>
  );
}
