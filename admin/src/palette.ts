/**
 * The colours of the app, in one place: the MUI theme (theme.ts) is built from them, and the
 * tonal pairs (text on a pale background) colour badges, trends and bars. No component holds a hex.
 */
export const palette = {
  blue: '#2563eb',
  blueLight: '#60a5fa',
  blueDark: '#1d4ed8',
  slate900: '#0f172a',
  slate600: '#475569',
  slate500: '#64748b',
  slate400: '#94a3b8',
  slate200: '#e2e8f0',
  slate50: '#f8fafc',
  // the status colours are the 700 shades: as text on white or under white text they reach the
  // 4.5:1 contrast (issue 34: green 600 was 3.3:1, sky 600 4.1:1, amber 600 3.2:1)
  green: '#15803d',
  amber: '#b45309',
  red: '#dc2626',
  sky: '#0369a1',
  teal: '#0d9488',
  white: '#ffffff',
} as const;

export interface Tone {
  color: string;
  background: string;
}

export const tones = {
  green: { color: '#15803d', background: '#dcfce7' },
  blue: { color: '#1d4ed8', background: '#dbeafe' },
  red: { color: '#b91c1c', background: '#fee2e2' },
  amber: { color: '#b45309', background: '#fef3c7' },
  gray: { color: palette.slate600, background: '#f1f5f9' },
  selected: { color: palette.blueDark, background: '#eff6ff' },
} as const satisfies Record<string, Tone>;
