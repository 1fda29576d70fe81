import { InputGroup, type IconName } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useDraft } from '../useDraft';

/** How long typing must pause before a text filter applies (each change is a request). */
export const TEXT_FILTER_DEBOUNCE_MS = 400;

export interface TextFilterProps {
  /** The filter as it stands (from the address). */
  readonly value: string;
  readonly onCommit: (text: string) => void;
  readonly icon: IconName;
  readonly labelKey: string;
  readonly testId: string;
}

/**
 * A text filter: applied as you type, once typing pauses, like the list filters beside it
 * apply as they are ticked; Enter or leaving the box applies it at once. Every log screen's
 * text filters (device name, free text) are this one.
 */
export function TextFilter({ value, onCommit, icon, labelKey, testId }: TextFilterProps) {
  const { t } = useTranslation();
  const draft = useDraft(value);
  const apply = () => {
    if (draft.value.trim() === value) return;
    draft.commit(draft.value);
    onCommit(draft.value);
  };
  const latest = useRef(apply);
  useEffect(() => {
    latest.current = apply;
  });
  const pending = draft.value.trim() !== value;
  useEffect(() => {
    if (!pending) return undefined;
    const timer = window.setTimeout(() => latest.current(), TEXT_FILTER_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft.value, pending]);
  return (
    <form
      className="logs-text"
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <InputGroup
        leftIcon={icon}
        size="small"
        value={draft.value}
        placeholder={t(labelKey)}
        aria-label={t(labelKey)}
        onChange={(event) => draft.type(event.currentTarget.value)}
        onBlur={apply}
        data-testid={testId}
      />
    </form>
  );
}
