import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { isSessionError, queryDefaults } from '~/lib/admin/query.ts';
import { AdminToaster } from './AdminToaster.tsx';
import { goToLogin, onSessionRestored } from './session.ts';

/**
 * What the data screens sit in: the data layer with its defaults (src/lib/admin/query.ts) and the
 * toasts. A query refused because the session is gone leads to the login page once the server
 * confirms it (session.ts goToLogin); when it was the network, the data is read again once the
 * session answers.
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
  useEffect(() => onSessionRestored(() => void client.invalidateQueries()), [client]);
  return (
    <QueryClientProvider client={client}>
      {children}
      <AdminToaster />
    </QueryClientProvider>
  );
}
