import './styles.css';
import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { brandingQuery } from './lib/public-queries.ts';
import { queryClient } from './lib/query-client.ts';
import { router } from './router.tsx';

// Every screen shows the app name: ask for it before the first page's code arrives.
void queryClient.prefetchQuery(brandingQuery);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A transition lets React render the first screen in slices, yielding to the browser between
// them, instead of one long task that blocks input while a slow phone builds the page.
startTransition(() => {
  createRoot(container).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
});
