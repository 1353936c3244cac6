import { Component, type ReactNode } from 'react';
import type { Location } from 'react-router-dom';
import { usePageTitle } from '../lib/use-page-title';
import './error-page.css';

/** The error page (docs/product.md §2.1): an unknown route ('404 Not Found') or an error thrown while rendering a page. */
export function ErrorPage({ detail }: { detail: string }) {
  usePageTitle('Unexpected Application Error!');
  return (
    <main className="error-page" id="main">
      <div className="error-card">
        <h1>Unexpected Application Error!</h1>
        <p className="error-detail">{detail}</p>
        <a className="button" href="/">
          Go to Home
        </a>
      </div>
    </main>
  );
}

interface BoundaryState {
  /** What the error page says; null while the app renders. */
  failure: string | null;
  location: Location;
}

/** Shows the error page in place of the app when rendering fails (React logs the error), until the next navigation (Back, for one). */
export class ErrorBoundary extends Component<{ location: Location; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { failure: null, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { failure: error instanceof Error ? error.message : 'Something went wrong.' };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.location === state.location) return null;
    return { failure: null, location: props.location };
  }

  override render() {
    return this.state.failure === null ? this.props.children : <ErrorPage detail={this.state.failure} />;
  }
}
