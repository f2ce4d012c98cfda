import DownOutlined from '@ant-design/icons-svg/es/asn/DownOutlined';
import UpOutlined from '@ant-design/icons-svg/es/asn/UpOutlined';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Icon } from '../../components/icon';
import type { MenuEntry } from './area-layout';
import './area-navigation.css';

const holds = (group: MenuEntry, selected: string | undefined) => group.children?.some((child) => child.path === selected) ?? false;

/**
 * An area's menu as antd's inline Menu looked: links (the current page marked with `aria-current`) and
 * groups that open and close (disclosure buttons); the group holding the current page starts open.
 * `onNavigate` runs when an entry is followed (the phone's side sheet closes).
 */
export function AreaNavigation({ menu, selected, onNavigate }: { menu: readonly MenuEntry[]; selected: string | undefined; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const groupId = useId();
  const [openGroups, setOpenGroups] = useState(() => new Set(menu.filter((entry) => holds(entry, selected)).map((entry) => entry.path)));

  function toggle(path: string) {
    setOpenGroups((current) => {
      const next = new Set(current);
      if (!next.delete(path)) next.add(path);
      return next;
    });
  }

  const link = (entry: MenuEntry, nested: boolean) => (
    <li key={entry.path}>
      <Link to={entry.path} className={nested ? 'area-nav-item area-nav-nested' : 'area-nav-item'} aria-current={entry.path === selected ? 'page' : undefined} onClick={onNavigate}>
        {entry.icon ? <Icon definition={entry.icon} /> : null}
        <span className="area-nav-label">{t(entry.labelKey)}</span>
      </Link>
    </li>
  );

  return (
    <nav aria-label={t('nav.label')} className="area-nav">
      <ul className="area-nav-list">
        {menu.map((entry) => {
          if (!entry.children) return link(entry, false);
          const open = openGroups.has(entry.path);
          const listId = `${groupId}${entry.path}`;
          return (
            <li key={entry.path}>
              <button
                type="button"
                className={holds(entry, selected) ? 'area-nav-item area-nav-group-current' : 'area-nav-item'}
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => toggle(entry.path)}
              >
                {entry.icon ? <Icon definition={entry.icon} /> : null}
                <span className="area-nav-label">{t(entry.labelKey)}</span>
                <span className="area-nav-arrow">
                  <Icon definition={open ? UpOutlined : DownOutlined} />
                </span>
              </button>
              <ul className="area-nav-list area-nav-sublist" id={listId} hidden={!open}>
                {entry.children.map((child) => link(child, true))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
