import { defaultTheme, type RaThemeOptions } from 'react-admin';
import { palette as c } from './palette';

const fontFamily = [
  'Inter',
  'ui-sans-serif',
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * A person who asked their system for less motion (prefers-reduced-motion) gets none: no transitions
 * (dialogs, drawers, menus and accordions appear at once), no ripples, no looping animations (skeleton
 * pulses, spinners). Read once at start, as the theme is made once.
 */
export const prefersReducedMotion =
  typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

const stillMotion: Partial<RaThemeOptions> = prefersReducedMotion
  ? {
      transitions: {
        create: () => 'none',
        duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
      },
    }
  : {};

/** Light, clean CRM look: slate greys, one blue accent, soft borders instead of shadows. */
export const theme: RaThemeOptions = {
  ...defaultTheme,
  palette: {
    mode: 'light',
    primary: { main: c.blue, light: c.blueLight, dark: c.blueDark, contrastText: c.white },
    secondary: { main: c.slate900 },
    success: { main: c.green },
    warning: { main: c.amber },
    error: { main: c.red },
    info: { main: c.sky },
    background: { default: c.slate50, paper: c.white },
    text: { primary: c.slate900, secondary: c.slate600 },
    divider: c.slate200,
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily,
    h4: { fontSize: '1.75rem', letterSpacing: '-0.01em' },
    h5: { letterSpacing: '-0.01em' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  sidebar: { width: 264, closedWidth: 64 },
  ...stillMotion,
  components: {
    ...defaultTheme.components,
    ...(prefersReducedMotion
      ? {
          MuiButtonBase: { defaultProps: { disableRipple: true } },
          MuiCssBaseline: {
            styleOverrides: {
              '*, *::before, *::after': { animationDuration: '0s !important', animationIterationCount: '1 !important', transitionDuration: '0s !important', scrollBehavior: 'auto !important' },
            },
          },
        }
      : {}),
    MuiCard: { defaultProps: { variant: 'outlined' }, styleOverrides: { root: { borderRadius: 12 } } },
    MuiPaper: { styleOverrides: { outlined: { borderColor: c.slate200 } } },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { defaultProps: { elevation: 0 } },
    MuiTextField: { defaultProps: { variant: 'outlined' } },
    // A chip's label wraps instead of ending in "…" (issue 34: "UNDER WARRAN…" at 390 px): the chip
    // grows in height and never gets wider than its container.
    MuiChip: {
      styleOverrides: {
        root: { fontWeight: 500, height: 'auto', minHeight: 32, maxWidth: '100%' },
        sizeSmall: { minHeight: 24 },
        label: { whiteSpace: 'normal', overflowWrap: 'break-word', textOverflow: 'clip', paddingTop: 2, paddingBottom: 2 },
      },
    },
    MuiTableCell: { styleOverrides: { head: { fontWeight: 600, color: c.slate600 } } },
    // A disabled field's helper text says why it is disabled ("Add a brand first"): readable, not
    // greyed out below the contrast minimum with the field (axe: color-contrast).
    MuiFormHelperText: { styleOverrides: { root: { '&.Mui-disabled': { color: c.slate600 } } } },
  },
};
