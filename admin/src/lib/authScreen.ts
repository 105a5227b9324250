/**
 * The sign-in screen's chunk. Loaded before a logout navigates to /auth (authProvider.logout): a
 * navigation to a screen still loading keeps the old one mounted (a transition), and a guarded
 * screen left mounted signed out checks the session again, logs out again and navigates again,
 * over and over, so /auth never showed.
 */
export const loadAuthScreen = () => import('../pages/auth/AuthPage');
