import { Outlet } from 'react-router';

export function ProtectedLayout() {
  return <Outlet />;
}
