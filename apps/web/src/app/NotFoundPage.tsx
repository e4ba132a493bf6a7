import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex min-h-screen max-w-md flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-3xl font-semibold">Page not found</h1>
      <p className="text-muted">The page you are looking for does not exist or has moved.</p>
      <Link className="rounded-lg bg-brand px-4 py-2 font-medium text-bg" to="/">
        Back to home
      </Link>
    </main>
  );
}
