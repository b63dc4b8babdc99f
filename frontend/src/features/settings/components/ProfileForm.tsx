import { zodResolver } from '@hookform/resolvers/zod';
import { UserRound } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/components/ui/use-toast';
import type { User } from '@/features/auth';
import { profileInputSchema, useUpdateProfile } from '@/features/settings/api/update-profile';
import { apiErrorMessage } from '@/lib/api-error';

/** SPEC §2 Settings: first and last name; the e-mail is shown and cannot be changed. */
export function ProfileForm({ user }: { user: Pick<User, 'firstName' | 'lastName' | 'username'> }) {
  const update = useUpdateProfile();
  const form = useForm({
    resolver: zodResolver(profileInputSchema),
    defaultValues: { firstName: user.firstName ?? '', lastName: user.lastName ?? '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async (input) => {
    try {
      const saved = await update.mutateAsync(input);
      form.reset({ firstName: saved.firstName ?? '', lastName: saved.lastName ?? '' });
      toast({ title: 'Profile updated', description: 'Your profile information has been saved.' });
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Failed to update profile',
        description: apiErrorMessage(error),
      });
    }
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-lg">
          <UserRound className="size-5 text-muted-foreground" aria-hidden="true" />
          <h2>Profile Information</h2>
        </CardTitle>
        <CardDescription>The name shown in Kerf and on your estimates.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="grid gap-4" noValidate>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="profile-first-name"
              label="First Name"
              autoComplete="given-name"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextField
              id="profile-last-name"
              label="Last Name"
              autoComplete="family-name"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </div>
          <TextField
            id="profile-email"
            label="Email"
            type="email"
            value={user.username}
            disabled
            readOnly
            hint="Your email is how you log in; it cannot be changed."
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={update.isPending} className="w-full sm:w-auto">
              {update.isPending ? <Spinner size="sm" label="Saving" className="text-current" /> : null}
              Save Changes
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
