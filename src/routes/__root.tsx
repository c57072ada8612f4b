import { Outlet, createRootRoute } from '@tanstack/react-router';
import { NotFound } from './-not-found.tsx';

export const Route = createRootRoute({
  component: () => <Outlet />,
  notFoundComponent: NotFound,
});
