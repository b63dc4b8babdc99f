import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import { paths } from '@/config/paths';
import { loginInputSchema, useLogin } from '@/features/auth/api/login';
import { registerInputSchema, useRegister } from '@/features/auth/api/register';
import { AuthPage } from '@/features/auth/components/AuthPage';
import { rememberEmail, rememberedEmail } from '@/features/auth/lib/remembered-email';
import { apiErrorMessage } from '@/lib/api-error';
import { safeRedirect } from '@/lib/redirect';
import { usePageMeta } from '@/lib/use-page-meta';

/** The server's message of a failed call, if it sent one. */
function serverMessage(error: unknown): string | undefined {
  return apiErrorMessage(error) || undefined;
}

function LoginForm({ redirect }: { redirect: string | null }) {
  const navigate = useNavigate();
  const login = useLogin();
  const [initialEmail] = useState(rememberedEmail);
  const form = useForm({
    resolver: zodResolver(loginInputSchema),
    defaultValues: { username: initialEmail, password: '', rememberMe: initialEmail !== '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const user = await login.mutateAsync(input);
      rememberEmail(input.rememberMe ? input.username : null);
      toast({ title: 'Logged in', description: `Welcome back${user.firstName ? `, ${user.firstName}` : ''}` });
      void navigate(safeRedirect(redirect, paths.app.dashboard.getHref()), { replace: true });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Login failed',
        description: serverMessage(error) ?? 'Please check your credentials and try again.',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <TextField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="username"
        placeholder="you@company.com"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...form.register('password')}
      />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <Controller
            control={form.control}
            name="rememberMe"
            render={({ field }) => (
              <Checkbox
                id="remember-me"
                name={field.name}
                checked={field.value}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
              />
            )}
          />
          <Label htmlFor="remember-me" className="font-normal">
            Remember me
          </Label>
        </div>
        <Link
          to={paths.auth.forgotPassword.getHref()}
          className="rounded-sm text-sm font-medium text-primary outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={login.isPending}>
        {login.isPending ? <Spinner size="sm" label="Logging in" className="text-current" /> : null}
        Login
      </Button>
    </form>
  );
}

function RegisterForm({ redirect }: { redirect: string | null }) {
  const navigate = useNavigate();
  const register = useRegister();
  const form = useForm({
    resolver: zodResolver(registerInputSchema),
    defaultValues: { firstName: '', lastName: '', username: '', password: '', confirmPassword: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      await register.mutateAsync(input);
      toast({ title: 'Account created', description: 'Select a plan to start your 7-day free trial.' });
      void navigate(safeRedirect(redirect, paths.pricing.getHref()), { replace: true });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Registration failed',
        description: serverMessage(error) ?? 'Unable to create your account. Please try again.',
      });
    }
  });

  return (
    <form onSubmit={onSubmit} className="grid gap-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="register-first-name"
          label="First Name"
          autoComplete="given-name"
          error={errors.firstName?.message}
          {...form.register('firstName')}
        />
        <TextField
          id="register-last-name"
          label="Last Name"
          autoComplete="family-name"
          error={errors.lastName?.message}
          {...form.register('lastName')}
        />
      </div>
      <TextField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@company.com"
        error={errors.username?.message}
        {...form.register('username')}
      />
      <TextField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters; avoid common passwords."
        error={errors.password?.message}
        {...form.register('password')}
      />
      <TextField
        id="register-confirm-password"
        label="Confirm Password"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register('confirmPassword')}
      />
      <Button type="submit" className="w-full" disabled={register.isPending}>
        {register.isPending ? <Spinner size="sm" label="Creating your account" className="text-current" /> : null}
        Register
      </Button>
    </form>
  );
}

/** /login (SPEC §2 Authentication): a welcome, and Login and Register tabs. */
export function LoginRoute() {
  const [params] = useSearchParams();
  const redirect = params.get('redirect');
  usePageMeta({ title: 'Log in · Kerf', description: 'Log in to Kerf or create your account.' });

  return (
    <AuthPage>
      <CardHeader>
        <CardTitle className="text-2xl tracking-tight">
          <h1>Welcome to Kerf</h1>
        </CardTitle>
        <CardDescription>Log in to your takeoffs and estimates, or create an account to get started.</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs defaultValue="login" className="gap-5">
          <TabsList className="grid w-full grid-cols-2">
            <TabsTrigger value="login">Login</TabsTrigger>
            <TabsTrigger value="register">Register</TabsTrigger>
          </TabsList>
          <TabsContent value="login">
            <LoginForm redirect={redirect} />
          </TabsContent>
          <TabsContent value="register">
            <RegisterForm redirect={redirect} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </AuthPage>
  );
}
