/** Where the admin's build writes the page of each screen's paths (admin/build/screen-preloads.ts), for the server (backend: admin-static.ts). */
export const SCREEN_PAGES_FILE = '.vite/screen-pages.json';

/**
 * One line of SCREEN_PAGES_FILE: requests whose path matches `path` (a regular expression's source),
 * with a session cookie if `signedIn` and without one if not, get `page` (a file of the build). A
 * screen's chunks preloaded and not used (a signed-out visit to /tickets goes to /auth) would only
 * cost bytes and a warning in the console.
 */
export interface ScreenPageLine {
  path: string;
  page: string;
  signedIn: boolean;
}
