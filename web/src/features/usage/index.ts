import { lazy } from 'react';

/** The usage screen with its chart library, loaded when the route opens. */
export const UsagePage = lazy(() => import('./UsagePage').then((module) => ({ default: module.UsagePage })));
