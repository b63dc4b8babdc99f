import { zodResolver } from '@hookform/resolvers/zod';
import { AlertCircle, CircleCheck, LinkIcon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Alert, AlertDescription, AlertTitle } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { resetPasswordErrorText, resetPasswordInputSchema, useResetPassword } from '@/features/auth/api/reset-password';
import { AuthPage } from '@/features/auth/components/AuthPage';
import { usePageMeta } from '@/lib/use-page-meta';

/** SPEC §9: the success screen sends the user to /login after 3 seconds. */
export const REDIRECT_AFTER_RESET_MS = 3_000;

function StatusHeader({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <CardHeader className="justify-items-center text-center">
      <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        {icon}
      </span>
      <CardTitle className="text-2xl tracking-tight">
        <h1>{title}</h1>
      </CardTitle>
      <CardDescription>{children}</CardDescription>
    </CardHeader>
  );
}

function InvalidLink() {
  return (
    <>
      <StatusHeader icon={<LinkIcon className="size-6" aria-hidden="true" />} title="Invalid Reset Link">
        This password reset link is incomplete. Open the link from the e-mail again, or request a new one.
      </StatusHeader>
      <CardContent className="grid gap-3">
        <Button asChild className="w-full">
          <Link to={paths.auth.forgotPassword.getHref()}>Request a new link</Link>
        </Button>
        <Button asChild variant="ghost" className="w-full">
          <Link to={paths.auth.login.getHref()}>Return to login</Link>
        </Button>
      </CardContent>
    </>
  );
}

function ResetSucceeded() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(
      () => void navigate(paths.auth.login.getHref(), { replace: true }),
      REDIRECT_AFTER_RESET_MS,
    );
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <>
      <StatusHeader icon={<CircleCheck className="size-6" aria-hidden="true" />} title="Password Reset Successful">
        Your password has been changed and every device has been signed out. Taking you to login…
      </StatusHeader>
      <CardContent>
        <Button asChild className="w-full">
          <Link to={paths.auth.login.getHref()}>Go to login now</Link>
        </Button>
      </CardContent>
    </>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: () => void }) {
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setFailure(null);
    try {
      await reset.mutateAsync({ token, password });
      onDone();
    } catch (error) {
      setFailure(resetPasswordErrorText(error));
    }
  });

  return (
    <>
      <CardHeader>
        <CardTitle className="text-2xl tracking-tight">
          <h1>Choose a New Password</h1>
        </CardTitle>
        <CardDescription>Set the password you will use to log in to Kerf from now on.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          {failure ? (
            <Alert variant="destructive">
              <AlertCircle aria-hidden="true" />
              <AlertTitle>Password not changed</AlertTitle>
              <AlertDescription>
                <p>{failure}</p>
                <Link to={paths.auth.forgotPassword.getHref()} className="font-medium underline">
                  Request a new link
                </Link>
              </AlertDescription>
            </Alert>
          ) : null}
          <TextField
            id="reset-password"
            label="New Password"
            type="password"
            autoComplete="new-password"
            hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
            error={errors.password?.message}
            {...form.register('password')}
          />
          <TextField
            id="reset-confirm-password"
            label="Confirm New Password"
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" className="w-full" disabled={reset.isPending}>
            {reset.isPending ? <Spinner size="sm" label="Saving your password" className="text-current" /> : null}
            Reset Password
          </Button>
        </form>
      </CardContent>
    </>
  );
}

/** /reset-password?token=… (SPEC §2): invalid-link, form, success. */
export function ResetPasswordRoute() {
  usePageMeta({ title: 'Reset password · Kerf' });
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [done, setDone] = useState(false);

  return (
    <AuthPage>
      {done ? <ResetSucceeded /> : token ? <ResetForm token={token} onDone={() => setDone(true)} /> : <InvalidLink />}
    </AuthPage>
  );
}
