import { BrowserRouter } from 'react-router-dom';
import type { AppConfig } from '../lib/config';
import type { HandOver } from '../lib/hand-over';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App({ config, handOver }: { config: AppConfig; handOver?: HandOver }) {
  return (
    <AppProviders config={config} handOver={handOver}>
      {/* Filters are controlled by the URL: a navigation in a transition would leave a clicked
          checkbox showing its old state until the list re-renders. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
