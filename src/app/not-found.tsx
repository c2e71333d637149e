import { Link } from 'react-router-dom';

export function NotFound() {
  return (
    <main className="route-error">
      <h1>This page does not exist</h1>
      <p role="alert">The address does not match any view of Threadline.</p>
      <Link to="/">Back to the inbox</Link>
    </main>
  );
}
