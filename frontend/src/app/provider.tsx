import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { TooltipProvider } from '@/components/ui/tooltip';
import { queryClient as defaultQueryClient } from '@/lib/query-client';

// Toasts are rare on a first visit: their code loads after the page. A toast
// raised before then waits in the store and shows once it has loaded.
const Toaster = lazy(() => import('@/components/ui/toaster').then((m) => ({ default: m.Toaster })));

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
};

export function AppProvider({ children, queryClient = defaultQueryClient }: AppProviderProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <TooltipProvider>
        {children}
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      </TooltipProvider>
    </QueryClientProvider>
  );
}
