import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: null },
      {
        path: 'conversations/:conversationId',
        // The pane and its download code are not needed to show the list.
        lazy: async () => ({ Component: (await import('./conversation-route')).ConversationRoute }),
      },
    ],
  },
  { path: '*', element: <RouteError />, loader: notFound },
];

function notFound(): never {
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- react-router's documented way to raise a 404
  throw new Response('Not found', { status: 404 });
}

export function createAppRouter() {
  return createBrowserRouter(routes);
}
