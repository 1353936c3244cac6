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
  error: unknown;
  failed: boolean;
  location: Location;
}

/** Shows the error page in place of the app when rendering fails (React logs the error), until the next navigation (Back, for one). */
export class ErrorBoundary extends Component<{ location: Location; children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { error: null, failed: false, location: this.props.location };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: { location: Location }, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.location === state.location) return null;
    return { error: null, failed: false, location: props.location };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <ErrorPage detail={this.state.error instanceof Error ? this.state.error.message : 'Something went wrong.'} />;
  }
}
