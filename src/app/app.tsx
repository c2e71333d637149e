import { BrowserRouter } from 'react-router-dom';
import type { AppConfig } from '../lib/config';
import { AppProviders } from './providers';
import { AppRoutes } from './router';

export function App({ config }: { config: AppConfig }) {
  return (
    <AppProviders config={config}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
