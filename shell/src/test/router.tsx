import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

/** Where the router is now, readable by tests. */
export const currentLocation = { pathname: '', search: '' };

function LocationProbe() {
  const location = useLocation();
  currentLocation.pathname = location.pathname;
  currentLocation.search = location.search;
  return null;
}

/** Renders `element` at `path` inside a memory router, with stand-in pages for other routes. */
export function renderAt(path: string, routePath: string, element: ReactNode, extra: Record<string, ReactNode> = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <LocationProbe />
      <Routes>
        <Route path={routePath} element={element} />
        {Object.entries(extra).map(([p, el]) => (
          <Route key={p} path={p} element={el} />
        ))}
        <Route path="*" element={<div>Other page</div>} />
      </Routes>
    </MemoryRouter>,
  );
}
