import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './App';
import { prefetchFirstScreen } from './providers/firstLoad';

// before the first render: the first screen's data does not wait for the shell (issue 32)
const firstScreen = prefetchFirstScreen();

/**
 * How long the first render waits for the first screen's component. Mounted before its chunk is in, the
 * list would suspend, the layout would show its fallback, and React holds a Suspense boundary's content
 * back for 300 ms after its fallback showed: the rows waited on that, not on their data or their render.
 * A chunk slower than this (a slow network) lets the shell render first, as any other page does.
 */
const FIRST_SCREEN_WAIT_MS = 1500;

// A browser (not hash) data router: real paths such as /auth and /tickets/42,
// served by the backend's SPA fallback; data-router features (useBlocker)
// stay available to react-admin forms.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

function render(): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
}

if (firstScreen) void Promise.race([firstScreen, new Promise(resolve => setTimeout(resolve, FIRST_SCREEN_WAIT_MS))]).then(render);
else render();
