import {
  Button,
  Callout,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  InputGroup,
  Menu,
  MenuDivider,
  MenuItem,
  Popover,
} from '@blueprintjs/core';
import { API, ROUTES, SAVED_VIEW_NAME_MAX, TestId, type SavedView } from '@halo/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { api, errorDetail, errorMessage, useApiValue } from '../../../lib/api';
import { copyText } from '../../../lib/clipboard';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { devicesViewOf } from '../devicesView';

/** A saved view's address: the Devices screen with the view's query. */
export const savedViewPath = (query: string): string => (query === '' ? ROUTES.devices : `${ROUTES.devices}?${query}`);

/** The link to share: the view's address on this console. */
export const savedViewLink = (query: string, origin: string): string => new URL(savedViewPath(query), origin).href;

export interface SavedViewsMenuProps {
  readonly environmentId: number;
  /** The current view's query, as the address carries it (no `?`). */
  readonly query: string;
}

/**
 * "Views": the user's saved views of the Devices screen (filters, sort and search, as the
 * address holds them). Open one (its address), copy its link, rename or delete it, or save the
 * current view under a name (a name already used is replaced; the provider refuses beyond its
 * limit, error 170, said as every refusal is).
 */
export function SavedViewsMenu({ environmentId, query }: SavedViewsMenuProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The name dialog: saving the current view, or renaming one.
  const [naming, setNaming] = useState<{ readonly renaming: SavedView | null } | null>(null);
  // The menu closes as a rename opens its dialog (its button keeps the click from the menu item).
  const [menuOpen, setMenuOpen] = useState(false);
  const views = useApiValue<readonly SavedView[]>(
    async (signal) =>
      (await api.call(API.savedViews.list, { params: { environmentId }, query: { screen: 'devices' } }, { signal }))
        .views,
    String(environmentId),
  );

  const copyLink = (view: SavedView) =>
    void copyText(savedViewLink(view.query, window.location.origin)).then(
      () => notifySuccess(t('devices.views.copied', { name: view.name })),
      () => notifyError(t('errors.general')),
    );
  const remove = (view: SavedView) =>
    void api.call(API.savedViews.remove, { params: { environmentId, id: view.id } }).then(
      () => {
        notifySuccess(t('devices.views.deleted', { name: view.name }));
        views.reload();
      },
      (error: unknown) => notifyError(errorMessage(t, error)),
    );

  return (
    <>
      <Popover
        isOpen={menuOpen}
        onInteraction={setMenuOpen}
        placement="bottom-end"
        content={
          <Menu>
            {views.error !== null ? (
              <MenuItem disabled icon="error" text={errorMessage(t, views.error)} />
            ) : (views.value ?? []).length === 0 ? (
              <MenuItem disabled text={views.loading ? t('devices.views.loading') : t('devices.views.none')} />
            ) : (
              (views.value ?? []).map((view) => (
                <MenuItem
                  key={view.id}
                  icon={view.query === query ? 'tick' : 'blank'}
                  text={view.name}
                  title={view.name}
                  onClick={() =>
                    void navigate(savedViewPath(view.query), { state: { listSearch: searchOf(view.query) } })
                  }
                  data-testid={TestId.devicesBulk.view(view.id)}
                  labelElement={
                    <span className="devices-view-buttons">
                      <Button
                        variant="minimal"
                        size="small"
                        icon="link"
                        aria-label={t('devices.views.copyLink', { name: view.name })}
                        title={t('devices.views.copyLink', { name: view.name })}
                        onClick={(event) => {
                          event.stopPropagation();
                          copyLink(view);
                        }}
                        data-testid={TestId.devicesBulk.viewCopy(view.id)}
                      />
                      <Button
                        variant="minimal"
                        size="small"
                        icon="edit"
                        aria-label={t('devices.views.rename', { name: view.name })}
                        title={t('devices.views.rename', { name: view.name })}
                        onClick={(event) => {
                          event.stopPropagation();
                          setMenuOpen(false);
                          setNaming({ renaming: view });
                        }}
                        data-testid={TestId.devicesBulk.viewRename(view.id)}
                      />
                      <Button
                        variant="minimal"
                        size="small"
                        intent="danger"
                        icon="trash"
                        aria-label={t('devices.views.delete', { name: view.name })}
                        title={t('devices.views.delete', { name: view.name })}
                        onClick={(event) => {
                          event.stopPropagation();
                          remove(view);
                        }}
                        data-testid={TestId.devicesBulk.viewDelete(view.id)}
                      />
                    </span>
                  }
                />
              ))
            )}
            <MenuDivider />
            <MenuItem
              icon="floppy-disk"
              text={t('devices.views.save')}
              onClick={() => setNaming({ renaming: null })}
              data-testid={TestId.devicesBulk.viewSave}
            />
          </Menu>
        }
      >
        <Button
          icon="bookmark"
          endIcon="caret-down"
          text={t('devices.views.button')}
          data-testid={TestId.devicesBulk.views}
        />
      </Popover>
      {naming && (
        <ViewNameDialog
          environmentId={environmentId}
          query={query}
          renaming={naming.renaming}
          onClose={() => setNaming(null)}
          onSaved={() => {
            setNaming(null);
            views.reload();
          }}
        />
      )}
    </>
  );
}

/** The search a view's query carries, for the search box the CRUD kit keeps. */
const searchOf = (query: string) => devicesViewOf(new URLSearchParams(query)).search;

/**
 * A view's name: the current view saved under it, or a saved view renamed to it (its query kept;
 * another of the user's views under the name is replaced, as saving does).
 */
function ViewNameDialog({
  environmentId,
  query,
  renaming,
  onClose,
  onSaved,
}: {
  readonly environmentId: number;
  readonly query: string;
  /** The view to rename; null to save the current view. */
  readonly renaming: SavedView | null;
  readonly onClose: () => void;
  readonly onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [name, setName] = useState(renaming?.name ?? '');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const save = () => {
    setBusy(true);
    setFailure(null);
    (renaming
      ? api.call(API.savedViews.rename, {
          params: { environmentId, id: renaming.id },
          body: { view: { name: name.trim() } },
        })
      : api.call(API.savedViews.create, {
          params: { environmentId },
          body: { view: { screen: 'devices', name: name.trim(), query } },
        })
    )
      .then(
        (answer) => {
          notifySuccess(
            renaming
              ? t('devices.views.renamed', { from: renaming.name, name: answer.view.name })
              : t('devices.views.saved', { name: answer.view.name }),
          );
          onSaved();
        },
        (error: unknown) => setFailure(error),
      )
      .finally(() => setBusy(false));
  };
  const detail = failure === null ? null : errorDetail(t, failure);
  return (
    <Dialog
      isOpen
      title={renaming ? t('devices.views.renameTitle', { name: renaming.name }) : t('devices.views.saveTitle')}
      onClose={() => !busy && onClose()}
      style={{ width: 420 }}
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (name.trim() !== '') save();
        }}
      >
        <DialogBody>
          <FormGroup
            label={t('devices.views.name')}
            labelFor="devices-view-name"
            helperText={renaming ? t('devices.views.renameHelper') : t('devices.views.nameHelper')}
          >
            <InputGroup
              id="devices-view-name"
              value={name}
              autoFocus
              maxLength={SAVED_VIEW_NAME_MAX}
              onValueChange={setName}
              data-testid={TestId.devicesBulk.viewName}
            />
          </FormGroup>
          {failure !== null && (
            <Callout intent="danger" icon="error" data-testid={TestId.devicesBulk.viewError}>
              <div>{errorMessage(t, failure)}</div>
              {detail && <div>{detail}</div>}
            </Callout>
          )}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('crud.actions.cancel')} disabled={busy} onClick={onClose} />
              <Button
                type="submit"
                intent="primary"
                text={renaming ? t('devices.views.renameConfirm') : t('devices.views.saveConfirm')}
                loading={busy}
                disabled={name.trim() === '' || name.trim() === renaming?.name}
                data-testid={TestId.devicesBulk.viewSaveConfirm}
              />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
