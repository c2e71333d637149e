import { Link, isRouteErrorResponse, useRouteError } from 'react-router-dom';

export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="route-error">
      <h1>{notFound ? 'This page does not exist' : 'Something went wrong'}</h1>
      <p role="alert">
        {notFound
          ? 'The address does not match any view of Threadline.'
          : 'Threadline hit an unexpected problem while showing this view.'}
      </p>
      <Link to="/">Back to the inbox</Link>
    </main>
  );
}
