import { NonIdealState, type NonIdealStateProps } from '@blueprintjs/core';
import { TestId } from '@halo/shared';

export interface CrudEmptyStateProps extends Pick<NonIdealStateProps, 'icon' | 'title' | 'description' | 'action'> {
  readonly resource: string;
}

/** What an empty list or an empty search shows. */
export function CrudEmptyState({ resource, ...props }: CrudEmptyStateProps) {
  return (
    <div data-testid={TestId.crud.empty(resource)} className="crud-empty">
      <NonIdealState {...props} />
    </div>
  );
}
