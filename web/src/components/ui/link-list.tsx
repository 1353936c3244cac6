import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import './ui.css';

export interface LinkItem {
  key: string;
  to: string;
  label: ReactNode;
  /** A second, smaller line. */
  detail?: ReactNode;
  /** A short state after the text ('Marked'). */
  badge?: ReactNode;
}

/** Big tappable choices, each a real link (opens in a new tab, keyboard operable). */
export function LinkList({ items, label }: { items: LinkItem[]; label: string }) {
  return (
    <ul className="link-list" aria-label={label}>
      {items.map((item) => (
        <li key={item.key}>
          <Link to={item.to} className="link-card">
            <span className="link-card-text">
              <span className="link-card-label">{item.label}</span>
              {item.detail && <span className="link-card-detail">{item.detail}</span>}
            </span>
            {item.badge && <span className="link-card-badge">{item.badge}</span>}
            <span className="link-card-arrow" aria-hidden="true">
              ›
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
