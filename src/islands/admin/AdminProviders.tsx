import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { isSessionError, queryDefaults } from '~/lib/admin/query.ts';
import { AdminToaster } from './AdminToaster.tsx';
import { goToLogin } from './session.ts';

/**
 * What the data screens sit in: the data layer with its defaults (src/lib/admin/query.ts) and the
 * toasts. A query refused because the session is gone leads to the login page.
 */
export function AdminProviders({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: queryDefaults },
        queryCache: new QueryCache({
          onError: (error) => {
            if (isSessionError(error)) goToLogin('expired');
          },
        }),
      }),
  );
  return (
    <QueryClientProvider client={client}>
      {children}
      <AdminToaster />
    </QueryClientProvider>
  );
}
