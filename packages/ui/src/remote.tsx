import type { RemoteLifecycles } from '@agency/contracts';
import React, { Component, type ComponentType, type ReactNode } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { BrowserRouter, Router, createPath, useLocation, useNavigate, type Location, type To } from 'react-router-dom';
import { AgencyTheme } from './theme';
import { ErrorCard } from './ErrorCard';

/** What the shell hands every remote parcel: the one URL and the one history. */
export interface RemoteProps {
  location: Location;
  navigate: (to: To, options?: { replace?: boolean }) => void;
  /** Anything else a slot wants to pass (a widget's options). */
  [key: string]: unknown;
}

/** A router inside a remote that reads and moves the shell's history, so there is one URL. */
export function RemoteRouter({ location, navigate, children }: { location: Location; navigate: RemoteProps['navigate']; children: ReactNode }) {
  const navigator = {
    push: (to: To) => navigate(to),
    replace: (to: To) => navigate(to, { replace: true }),
    go: (delta: number) => window.history.go(delta),
    createHref: (to: To) => (typeof to === 'string' ? to : createPath(to)),
  };
  return (
    <Router location={location} navigator={navigator}>
      {children}
    </Router>
  );
}

class Boundary extends Component<{ name: string; children: ReactNode }, { error: Error | null; attempt: number }> {
  override state = { error: null as Error | null, attempt: 0 };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (this.state.error) {
      return (
        <ErrorCard
          title={`${this.props.name} stopped working`}
          detail={this.state.error.message}
          onRetry={() => this.setState((s) => ({ error: null, attempt: s.attempt + 1 }))}
        />
      );
    }
    return <React.Fragment key={this.state.attempt}>{this.props.children}</React.Fragment>;
  }
}

/** single-spa-react lifecycles for a remote's app or widget, with the theme and an error boundary. */
export function createRemoteLifecycles<P extends RemoteProps>(name: string, Root: ComponentType<P>, opts: { routed?: boolean } = {}): RemoteLifecycles {
  const routed = opts.routed ?? true;
  const rootComponent = (props: P) => (
    <AgencyTheme>
      <Boundary name={name}>
        {routed ? (
          <RemoteRouter location={props.location} navigate={props.navigate}>
            <Root {...props} />
          </RemoteRouter>
        ) : (
          <Root {...props} />
        )}
      </Boundary>
    </AgencyTheme>
  );
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent,
    errorBoundary: (err: Error) => <ErrorCard title={`${name} stopped working`} detail={err.message} onRetry={() => window.location.reload()} />,
  });
  return Object.assign(lifecycles, { timeouts: PARCEL_TIMEOUTS });
}

/**
 * single-spa warns in the console of every lifecycle slower than a second, three times by its
 * third (a busy computer's first mount is that slow, and the area shows it is loading meanwhile):
 * it speaks only of one still not done after a minute, which is stuck.
 */
const STUCK = { millis: 60_000, dieOnTimeout: false, warningMillis: 60_000 };
const PARCEL_TIMEOUTS = { bootstrap: STUCK, mount: STUCK, unmount: STUCK, update: STUCK, unload: STUCK };

/** Runs a remote alone, outside the shell (its standalone dev server): the browser's own router and URL. */
export function runStandalone(App: ComponentType<Partial<RemoteProps>>, rootId = 'root'): void {
  function Standalone() {
    const location = useLocation();
    const navigate = useNavigate();
    return <App location={location} navigate={navigate} />;
  }
  ReactDOMClient.createRoot(document.getElementById(rootId)!).render(
    <BrowserRouter>
      <Standalone />
    </BrowserRouter>,
  );
}
