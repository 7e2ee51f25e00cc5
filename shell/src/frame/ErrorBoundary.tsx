import { Component, type ReactNode } from 'react';
import { ErrorPage } from '../pages/ErrorPage';

/** Around the frame: an unhandled render error shows the error page with Refresh and Reload. */
export class FrameErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  override state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error) {
    console.error('The frame stopped working:', error);
  }
  override render() {
    return this.state.error ? <ErrorPage error={this.state.error} /> : this.props.children;
  }
}
