import { BlueprintProvider } from '@blueprintjs/core';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createBrowserRouter } from 'react-router-dom';
import { i18n } from '../lib/i18n';
import { SessionContext, loadStoredSession } from '../lib/session';
import { TimeZoneProvider } from '../lib/time-zone';
import { AppToaster } from './AppToaster';
import { APP_ROUTES } from './routes';

/** Providers (i18n, session, its time zone, Blueprint), the one toaster and the router. */
export function App() {
  const [router] = useState(() => createBrowserRouter(APP_ROUTES));
  const [storedSession] = useState(loadStoredSession);
  return (
    <I18nextProvider i18n={i18n}>
      <BlueprintProvider>
        <SessionContext.Provider options={{ input: storedSession }}>
          <TimeZoneProvider>
            <RouterProvider router={router} />
            <AppToaster />
          </TimeZoneProvider>
        </SessionContext.Provider>
      </BlueprintProvider>
    </I18nextProvider>
  );
}
