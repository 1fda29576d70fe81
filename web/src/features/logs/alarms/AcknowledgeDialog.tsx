import { Button, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { ALARM_NOTE_MAX_LENGTH, TestId } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface AcknowledgeDialogProps {
  /** How many alarms it acknowledges (named in the title and the button). */
  readonly count: number;
  readonly busy: boolean;
  readonly onConfirm: (note: string) => void;
  readonly onClose: () => void;
}

/** Asks for a note and says how many alarms the acknowledgement covers before it is sent. */
export function AcknowledgeDialog({ count, busy, onConfirm, onClose }: AcknowledgeDialogProps) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <Dialog
      isOpen
      onClose={busy ? undefined : onClose}
      title={t('alarms.acknowledge.title', { count })}
      icon="endorsed"
    >
      <form
        data-testid={TestId.alarms.acknowledgeDialog}
        onSubmit={(event) => {
          event.preventDefault();
          onConfirm(note);
        }}
      >
        <DialogBody>
          <p>{t('alarms.acknowledge.explain')}</p>
          <FormGroup
            label={t('alarms.acknowledge.note')}
            labelFor="alarms-acknowledge-note"
            helperText={t('alarms.acknowledge.noteHelp', { max: ALARM_NOTE_MAX_LENGTH })}
          >
            <TextArea
              id="alarms-acknowledge-note"
              fill
              autoFocus
              dir="auto"
              value={note}
              maxLength={ALARM_NOTE_MAX_LENGTH}
              onChange={(event) => setNote(event.target.value)}
              data-testid={TestId.alarms.acknowledgeNote}
            />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('alarms.acknowledge.cancel')} onClick={onClose} disabled={busy} />
              <Button
                type="submit"
                intent="primary"
                loading={busy}
                text={t('alarms.acknowledge.confirm', { count })}
                data-testid={TestId.alarms.acknowledgeConfirm}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
