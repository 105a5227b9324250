/**
 * Paths of the signed-in screens (the shell). Anything else is a 404, which
 * anyone may see.
 */
const PROTECTED_PATHS = [
  /^\/$/,
  /^\/tickets(\/.*)?$/,
  /^\/analytics\/?$/,
  /^\/phone-system\/?$/,
  /^\/users\/?$/,
  /^\/notifications\/?$/,
  /^\/settings\/?$/,
  /^\/profile\/?$/,
  /^\/exports\/?$/,
];

export function isProtectedPath(pathname: string): boolean {
  return PROTECTED_PATHS.some(pattern => pattern.test(pathname));
}
