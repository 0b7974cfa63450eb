import type { ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from '../../web/src/lib/queries';

/** The app's server-state cache around a component under test: a new, empty one per render unless given. */
export function WithQueries({
  children,
  client = createQueryClient(),
}: {
  children: ReactNode;
  client?: ReturnType<typeof createQueryClient>;
}) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
