import { Menu, MenuDivider, MenuItem } from '@blueprintjs/core';
import { TestId, isMenuItemEnabled } from '@halo/shared';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { subjectOf, useSessionSelector } from '../../../lib/session';
import { isEntryActive, type MenuSection } from '../menuEntries';

export interface SideDrawerProps {
  /** Wide screens show a rail that widens; narrow ones hide the drawer until opened. */
  readonly wide: boolean;
  readonly open: boolean;
  readonly sections: readonly MenuSection[];
}

/**
 * The side drawer: a 56 px rail on wide screens that widens to 256 px on hover or when
 * opened, hidden on narrow screens until opened. Items the user may not view are disabled.
 */
export function SideDrawer({ wide, open, sections }: SideDrawerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const subject = useSessionSelector((snapshot) => subjectOf(snapshot.context.session));
  const mode = wide ? 'rail' : 'overlay';

  return (
    <nav
      data-testid={TestId.shell.drawer}
      aria-label={t('shell.drawer.label')}
      className={`side-drawer side-drawer-${mode}${open ? ' is-open' : ''}`}
    >
      <div className="side-drawer-panel">
        <Menu className="side-drawer-menu">
          {sections.map((section, index) => (
            <Fragment key={section.titleKey ?? 'main'}>
              {section.titleKey ? <MenuDivider title={t(section.titleKey)} /> : index > 0 && <MenuDivider />}
              {section.entries.map((entry) => {
                const enabled = isMenuItemEnabled(subject, entry.item);
                return (
                  <MenuItem
                    key={entry.item}
                    data-testid={TestId.shell.menuItem(entry.item)}
                    icon={entry.icon}
                    text={t(entry.labelKey)}
                    title={t(entry.labelKey)}
                    href={entry.path}
                    active={isEntryActive(entry, pathname)}
                    disabled={!enabled}
                    onClick={(event) => {
                      event.preventDefault();
                      if (enabled) void navigate(entry.path);
                    }}
                  />
                );
              })}
            </Fragment>
          ))}
        </Menu>
      </div>
    </nav>
  );
}
