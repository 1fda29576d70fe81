import type { NotificationSettingsAnswer } from '@halo/shared';
import { Subject } from 'rxjs';

/**
 * The signed-in user's notification settings each time they are saved in this browser: the
 * top bar's bell counts from a severity the user just changed (issue 39, item 1), without a
 * reload. The Notifications panel publishes; whoever shows the settings elsewhere listens.
 */
export const notificationSettingsSaved$ = new Subject<NotificationSettingsAnswer>();
