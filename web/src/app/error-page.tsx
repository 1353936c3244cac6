import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { usePageTitle } from '../lib/use-page-title';
import './error-page.css';

/** The router's errorElement: an unknown route (404) or an error thrown while rendering a route. */
export function ErrorPage() {
  const error = useRouteError();
  usePageTitle('Unexpected Application Error!');
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText || (error.status === 404 ? 'Not Found' : '')}`.trim()
    : error instanceof Error
      ? error.message
      : 'Something went wrong.';
  if (!isRouteErrorResponse(error)) console.error(error);
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
