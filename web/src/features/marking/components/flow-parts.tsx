import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { LinkList } from '@web/components/ui/link-list';
import { Loaded, type Loadable } from '@web/components/ui/loaded';
import { Notice } from '@web/components/ui/notice';
import { Page } from '@web/components/ui/page';
import './marking.css';

/** The display path the flow's URLs carry (docs/product.md §2.4), e.g. 'Semester 3 / Data Structures / Lecture'. */
export function FlowPath({ path }: { path: string }) {
  if (!path) return null;
  return (
    <p className="flow-path">
      <span className="visually-hidden">Selected: </span>
      {path}
    </p>
  );
}

/** A step opened without the ids of the earlier steps (a hand-typed or truncated URL). */
export function MissingContext() {
  return (
    <Notice
      kind="error"
      action={
        <Link to="/" className="button">
          Start again from Home
        </Link>
      }
    >
      This page is missing the choices of the earlier steps.
    </Notice>
  );
}

interface Named {
  _id: string;
  name: string;
}

interface StepListProps<T extends Named> {
  label: string;
  list: Loadable<T>;
  /** The empty-list message of docs/product.md §8. */
  empty: string;
  /** The next step's link for an item (named by the item). */
  to: (item: T) => string;
  /** A second line for an item (a class already marked: who marked it and when). */
  detail?: (item: T) => ReactNode;
}

/** A step's choices, each a link to the next step; or what stands in for them. */
export function StepList<T extends Named>({ label, list, empty, to, detail }: StepListProps<T>) {
  return (
    <Loaded list={list} empty={empty}>
      {(items) => (
        <LinkList label={label} items={items.map((item) => ({ key: item._id, to: to(item), label: item.name, detail: detail?.(item) }))} />
      )}
    </Loaded>
  );
}

interface StepPageProps<T extends Named> extends StepListProps<T> {
  title: string;
  /** The display path so far. */
  path: string;
  /** Whether the URL carries what this step needs. */
  ready?: unknown;
}

/** A step of the marking flow: its title over the display path, then its choices. */
export function StepPage<T extends Named>({ title, path, ready = true, ...list }: StepPageProps<T>) {
  return (
    <Page title={title} lead={<FlowPath path={path} />}>
      {ready ? <StepList {...list} /> : <MissingContext />}
    </Page>
  );
}
