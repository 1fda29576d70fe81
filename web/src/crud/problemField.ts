/**
 * Which form field a server or schema problem belongs to: the one rule for every CRUD form.
 * The provider names a problem by its dotted path in the request body (`user.password`); a form
 * names its fields by the last part (`password`), unless the screen maps paths itself
 * (`fieldOfPath`: `hosts_settings.redundancy_percentage` → `hostRedundancyPercentage`).
 */

/** The last part of a dotted path. */
export const lastPartOf = (path: string): string => path.split('.').at(-1) ?? path;

/** The form field of a problem at `path`: the screen's mapping when it names one, else the path's last part. */
export function formFieldOf(path: string, fieldOfPath?: (path: string) => string | undefined): string {
  return fieldOfPath?.(path) ?? lastPartOf(path);
}
