import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './App';
import { prefetchFirstScreen, renderWhenReady } from './providers/firstLoad';

// before the first render: the first screen's data does not wait for the shell (issue 32)
const firstScreen = prefetchFirstScreen();

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

// the shell and the first screen in one pass (renderWhenReady)
renderWhenReady(firstScreen, render);
