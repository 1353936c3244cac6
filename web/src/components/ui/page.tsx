import type { ReactNode } from 'react';
import { usePageTitle } from '@web/lib/use-page-title';
import './ui.css';

interface PageProps {
  title: string;
  /** A line under the title (the marking flow shows its display path here). */
  lead?: ReactNode;
  /** 'narrow' centres a small card (login, confirmation). */
  size?: 'normal' | 'narrow';
  children?: ReactNode;
}

/** A screen: its title (also the tab title; focused after each navigation) and its content. */
export function Page({ title, lead, size = 'normal', children }: PageProps) {
  usePageTitle(title);
  return (
    <div className={`page page-${size}`}>
      <header className="page-header">
        <h1 tabIndex={-1}>{title}</h1>
        {lead}
      </header>
      {children}
    </div>
  );
}
