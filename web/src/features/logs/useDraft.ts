import { useState } from 'react';

/**
 * What a text filter's box shows: what is being typed, until the filter it edits changes
 * another way (the back button, a link), which the box then shows instead. `commit` is called
 * with what the filter becomes when the box applies it.
 */
export function useDraft(committed: string): {
  readonly value: string;
  readonly type: (value: string) => void;
  readonly commit: (value: string) => void;
} {
  const [draft, setDraft] = useState({ committed, value: committed });
  return {
    value: draft.committed === committed ? draft.value : committed,
    type: (value) => setDraft({ committed, value }),
    commit: (value) => setDraft({ committed: value.trim(), value: value.trim() }),
  };
}
