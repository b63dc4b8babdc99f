import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useUser } from '@/features/auth';
import { ChangePasswordForm } from '@/features/settings/components/ChangePasswordForm';
import { ProfileForm } from '@/features/settings/components/ProfileForm';
import { SubscriptionCard } from '@/features/settings/components/SubscriptionCard';
import { usePageMeta } from '@/lib/use-page-meta';

/** /settings (SPEC §2): Back to Dashboard, Subscription, Profile Information, Change Password. */
export function SettingsRoute() {
  usePageMeta({ title: 'Settings · Kerf' });
  const { data: user } = useUser();
  if (!user) return <PageSpinner />;

  return (
    <div className="min-h-dvh bg-muted/40">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-3xl items-center px-4">
          <Button asChild variant="ghost" size="sm" className="-ml-2">
            <Link to={paths.app.dashboard.getHref()}>
              <ArrowLeft aria-hidden="true" />
              Back to Dashboard
            </Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto grid max-w-3xl gap-6 px-4 py-8">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
          <p className="text-sm text-muted-foreground">Your plan, your profile and your password.</p>
        </div>
        <SubscriptionCard user={user} />
        <ProfileForm user={user} />
        <ChangePasswordForm />
      </main>
    </div>
  );
}
