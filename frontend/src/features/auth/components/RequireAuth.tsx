import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';

/**
 * Guards the signed-in-only routes (SPEC §2): a spinner fills the page while the
 * current user loads; a visitor who is not signed in goes to /login with the
 * page they asked for in ?redirect=. A failed lookup (gateway down, network
 * error) counts as signed out rather than spinning forever.
 */
export function RequireAuth() {
  const { data: user, isPending } = useUser();
  const location = useLocation();

  if (isPending) return <PageSpinner />;
  if (!user) {
    const requested = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={paths.auth.login.getHref(requested)} replace />;
  }
  return <Outlet />;
}
