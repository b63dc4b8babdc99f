import { zodResolver } from '@hookform/resolvers/zod';
import { KeyRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import {
  NEW_PASSWORD_TOO_SHORT,
  changePasswordInputSchema,
  useChangePassword,
} from '@/features/settings/api/change-password';
import { apiErrorMessage } from '@/lib/api-error';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/** SPEC §2 Settings: current password, new password and its confirmation. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm({ resolver: zodResolver(changePasswordInputSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(
    async (input) => {
      try {
        await change.mutateAsync(input);
        form.reset(EMPTY);
        toast({
          title: 'Password updated',
          description: 'Your password has been changed. Other devices have been signed out.',
        });
      } catch (error) {
        toast({
          variant: 'destructive',
          title: 'Failed to update password',
          description: apiErrorMessage(error) || 'Please check your current password and try again.',
        });
      }
    },
    // SPEC §5: a short new password also gets the 'Password too short' notice.
    (invalid) => {
      if (invalid.newPassword?.message === NEW_PASSWORD_TOO_SHORT) {
        toast({ variant: 'destructive', title: 'Password too short', description: NEW_PASSWORD_TOO_SHORT });
      }
    },
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <KeyRound className="size-5 text-muted-foreground" aria-hidden="true" />
          <h2>Change Password</h2>
        </CardTitle>
        <CardDescription>You stay signed in here; every other device is signed out.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <TextField
            id="current-password"
            label="Current Password"
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="new-password"
              label="New Password"
              type="password"
              autoComplete="new-password"
              error={errors.newPassword?.message}
              {...form.register('newPassword')}
            />
            <TextField
              id="confirm-new-password"
              label="Confirm New Password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...form.register('confirmPassword')}
            />
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending} className="w-full sm:w-auto">
              {change.isPending ? <Spinner size="sm" label="Updating password" className="text-current" /> : null}
              Update Password
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
