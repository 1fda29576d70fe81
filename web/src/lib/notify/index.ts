export { notifications$, notify, notifyError, notifySuccess } from './notify';
export type { Notification, NotificationKind } from './notify';
