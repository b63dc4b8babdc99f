import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { paths } from '@/config/paths';
import { forgotPasswordInputSchema, useRequestPasswordReset } from '@/features/auth/api/request-password-reset';
import { AuthPage } from '@/features/auth/components/AuthPage';
import { usePageMeta } from '@/lib/use-page-meta';

function CheckYourEmail({ email, onRetry }: { email: string; onRetry: () => void }) {
  return (
    <>
      <CardHeader className="justify-items-center text-center">
        <span className="mb-2 flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <MailCheck className="size-6" aria-hidden="true" />
        </span>
        <CardTitle className="text-2xl tracking-tight">
          <h1>Check Your Email</h1>
        </CardTitle>
        <CardDescription>
          If an account exists for <span className="font-medium break-all text-foreground">{email}</span>, we have sent
          it a link to reset your password. The link works once, for 1 hour.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 text-center text-sm text-muted-foreground">
        <p>Don&apos;t see it within a few minutes? Check your spam or junk folder.</p>
        <Button asChild className="w-full">
          <Link to={paths.auth.login.getHref()}>Return to login</Link>
        </Button>
        <Button variant="ghost" className="w-full" onClick={onRetry}>
          Use a different email
        </Button>
      </CardContent>
    </>
  );
}

/**
 * /forgot-password (SPEC §2): an email field; after submit, always 'Check Your
 * Email' — also when the request failed, so the screen never tells whether an
 * address has an account (SPEC §4, §8).
 */
export function ForgotPasswordRoute() {
  usePageMeta({ title: 'Forgot password · Kerf' });
  const request = useRequestPasswordReset();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({ resolver: zodResolver(forgotPasswordInputSchema), defaultValues: { email: '' } });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    // Any failure counts as success (SPEC §7).
    await request.mutateAsync(input).catch(() => undefined);
    setSentTo(input.email);
  });

  if (sentTo !== null) {
    return (
      <AuthPage>
        <CheckYourEmail
          email={sentTo}
          onRetry={() => {
            form.reset({ email: '' });
            setSentTo(null);
          }}
        />
      </AuthPage>
    );
  }

  return (
    <AuthPage>
      <CardHeader>
        <CardTitle className="text-2xl tracking-tight">
          <h1>Forgot your password?</h1>
        </CardTitle>
        <CardDescription>
          Enter the email of your Kerf account and we&apos;ll send you a link to choose a new password.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <TextField
            id="forgot-email"
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            error={errors.email?.message}
            {...form.register('email')}
          />
          <Button type="submit" className="w-full" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? (
              <Spinner size="sm" label="Sending the link" className="text-current" />
            ) : null}
            Send Reset Link
          </Button>
        </form>
      </CardContent>
      <CardFooter className="justify-center text-sm text-muted-foreground">
        <span>
          Remembered it?{' '}
          <Link to={paths.auth.login.getHref()} className="font-medium text-primary hover:underline">
            Return to login
          </Link>
        </span>
      </CardFooter>
    </AuthPage>
  );
}
