import { BrowserRouter } from 'react-router-dom';
import type { AppConfig } from '../lib/config';
import type { HandOver } from '../lib/hand-over';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App({ config, handOver }: { config: AppConfig; handOver?: HandOver }) {
  return (
    <AppProviders config={config} handOver={handOver}>
      {/* Navigations are not transitions by default (a control that reads the URL would show
          its old state until the new view renders); those that render a lot opt in where they
          are made: opening a conversation, and the status filter with its box shown at once. */}
      <BrowserRouter useTransitions={false}>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
