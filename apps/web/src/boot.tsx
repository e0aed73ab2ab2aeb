// The app, started by main.tsx once the page has painted. `/` and `/game/{id}` arrive with their first screen already
// rendered by the server (entry-server.tsx): the app hydrates that markup once the page's chunks are loaded. Other
// pages, and markup in another language than this browser's choice, are rendered here from scratch.
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter, preloadRoute } from './app/router';
import { readAppData } from './lib/app-data';
import i18n from './lib/i18n';

const container = document.getElementById('root')!;
const app = (
  <StrictMode>
    <AppProviders>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);
const renderFresh = () => createRoot(container).render(app);

if (container.firstElementChild && readAppData()?.language === i18n.language) {
  // In a transition, so hydration yields to the browser every few milliseconds instead of running as one long task.
  const hydrate = () => startTransition(() => void hydrateRoot(container, app));
  preloadRoute(location.pathname).then(hydrate, renderFresh);
} else {
  renderFresh();
}
