import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';

/** Guards the visitors-only routes (SPEC §2: /login): a signed-in user goes to /dashboard. */
export function RedirectIfSignedIn() {
  const { data: user, isPending } = useUser();

  if (isPending) return <PageSpinner />;
  if (user) return <Navigate to={paths.app.dashboard.getHref()} replace />;
  return <Outlet />;
}
