import { cva, type VariantProps } from 'class-variance-authority';
import { LoaderCircle } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

const spinnerVariants = cva('animate-spin text-primary', {
  variants: {
    size: { sm: 'size-4', md: 'size-6', lg: 'size-10' },
  },
  defaultVariants: { size: 'md' },
});

function Spinner({
  className,
  size,
  label = 'Loading',
  ...props
}: Omit<ComponentProps<'svg'>, 'ref'> & VariantProps<typeof spinnerVariants> & { label?: string }) {
  return (
    <LoaderCircle
      data-slot="spinner"
      role="status"
      aria-label={label}
      className={cn(spinnerVariants({ size }), className)}
      {...props}
    />
  );
}

/** A spinner that fills the page (SPEC §2: while the current-user lookup loads). */
function PageSpinner() {
  return (
    <div data-slot="page-spinner" className="flex min-h-dvh w-full items-center justify-center">
      <Spinner size="lg" />
    </div>
  );
}

export { PageSpinner, Spinner };
