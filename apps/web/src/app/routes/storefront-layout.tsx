import { Outlet } from 'react-router';

export function StorefrontLayout() {
  return <Outlet />;
}
