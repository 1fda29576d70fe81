/** Sockets watching an environment's devices: everyone allowed devices.view there sees all of them. */
export const devicesRoom = (environmentId: number) => `devices:${environmentId}`;
/** ...and its system log entries: those allowed logs.view. */
export const logsRoom = (environmentId: number) => `logs:${environmentId}`;
/** ...and its alarms' changes: those allowed to view alarms (logs.view). */
export const alarmsRoom = (environmentId: number) => `alarms:${environmentId}`;
