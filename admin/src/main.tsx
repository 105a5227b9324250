import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { App } from './App';

// A browser (not hash) data router: real paths such as /auth and /tickets/42,
// served by the backend's SPA fallback; data-router features (useBlocker)
// stay available to react-admin forms.
const router = createBrowserRouter([{ path: '*', element: <App /> }]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
