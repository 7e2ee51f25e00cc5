import { createRoot } from 'react-dom/client';
import { BrowserRouter, useLocation, useNavigate } from 'react-router-dom';
import { App } from './App';

/** Runs this remote alone, outside the shell, for development. */
function Standalone() {
  const location = useLocation();
  const navigate = useNavigate();
  return <App location={location} navigate={navigate} />;
}

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <Standalone />
  </BrowserRouter>,
);
