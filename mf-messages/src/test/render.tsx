import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { App as AntApp } from 'antd';

function Where() {
  const l = useLocation();
  return <div data-testid="location">{`${l.pathname}${l.search}`}</div>;
}

/** Renders inside a router (at `path`, matched by `route`) and antd's App; the current URL shows in data-testid="location". */
export function renderAt(ui: ReactNode, path = '/', route = '*') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AntApp>
        <Routes>
          <Route path={route} element={ui} />
          <Route path="/contacts/contact/:id" element={<Where />} />
        </Routes>
      </AntApp>
    </MemoryRouter>,
  );
}
