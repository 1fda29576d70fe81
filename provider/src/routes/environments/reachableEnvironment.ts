import type { ProviderContext } from '../../context.js';
import { environmentNotFound, isSameOrDescendant, type Scoped } from '../../http/tenancy.js';
import { findEnvironment } from '../../store/environments.js';
import type { EnvironmentRow } from '../../store/schema.js';

/**
 * The environment named by {id} when it is {env} itself or below it; otherwise "not found".
 * With `strictlyBelow`, {env} itself is not found either (delete, 2FA reset).
 */
export async function reachableEnvironment(
  context: ProviderContext,
  auth: Pick<Scoped, 'target'>,
  id: number,
  options: { strictlyBelow: boolean },
): Promise<EnvironmentRow> {
  const { target } = auth;
  const row = await findEnvironment(context.db, id);
  if (
    !row ||
    (options.strictlyBelow && row.id === target.id) ||
    !(await isSameOrDescendant(context.db, target.id, row.id))
  ) {
    throw environmentNotFound();
  }
  return row;
}
