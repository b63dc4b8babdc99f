import { useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth/api/get-user';

/**
 * Guards the visitors-only routes (SPEC §2: /login): a user who arrives signed
 * in goes to /dashboard. Someone who signs in on the page stays under it, so
 * the login screen alone decides where they go next (the redirect target, or
 * /dashboard after login and /pricing after registration, SPEC §2 and §4).
 */
export function RedirectIfSignedIn() {
  const { data: user, isPending } = useUser();
  const [arrivedSignedIn, setArrivedSignedIn] = useState<boolean | null>(null);
  if (!isPending && arrivedSignedIn === null) setArrivedSignedIn(!!user);

  if (isPending) return <PageSpinner />;
  if (user && arrivedSignedIn !== false) return <Navigate to={paths.app.dashboard.getHref()} replace />;
  return <Outlet />;
}
