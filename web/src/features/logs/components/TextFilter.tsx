import { InputGroup, type IconName } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useDraft } from '../useDraft';

export interface TextFilterProps {
  /** The filter as it stands (from the address). */
  readonly value: string;
  readonly onCommit: (text: string) => void;
  readonly icon: IconName;
  readonly labelKey: string;
  readonly testId: string;
}

/** A text filter: typed freely, applied on Enter or when the box loses focus. */
export function TextFilter({ value, onCommit, icon, labelKey, testId }: TextFilterProps) {
  const { t } = useTranslation();
  const draft = useDraft(value);
  const apply = () => {
    if (draft.value.trim() === value) return;
    draft.commit(draft.value);
    onCommit(draft.value);
  };
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
