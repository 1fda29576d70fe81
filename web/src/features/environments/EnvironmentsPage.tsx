import { CrudScreen } from '../../crud';
import { environmentsScreen } from './environmentsScreen';

/** /config/environments: the sub-environments of the current one. */
export function EnvironmentsPage() {
  return <CrudScreen definition={environmentsScreen} />;
}
