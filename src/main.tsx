import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { router } from './router.ts';
import './ui/global.css.ts';

const render = () =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );

// `?inspect` in development connects the flows to the Stately inspector before they start (src/dev/inspector.ts).
if (import.meta.env.DEV) void import('./dev/inspector.ts').then((m) => m.startInspector(window.location.search)).finally(render);
else render();
