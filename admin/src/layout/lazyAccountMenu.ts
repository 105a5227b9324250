import { lazyScreen } from '../lib/lazyScreen';

/**
 * The account menu of the top bar's avatar and of the sidebar's user button, loaded on the first click
 * (issue 32) or when the page is idle: one lazy component for both, so its chunk is fetched and
 * preloaded once.
 */
export const AccountMenu = lazyScreen(() => import('./AccountMenu'), 'AccountMenu');
