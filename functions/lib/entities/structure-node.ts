import { beginsWith, hashed, type Key, type KeyCondition } from '../keys';
import { naturalKey } from '../natural-key';

/** The kinds of node in the academic structure (functions/lib/repositories/structure.ts). */
export type Kind = 'term' | 'semester' | 'division' | 'batch' | 'course' | 'slot';

// Keys: each node is an entity (read by id) and an entry in its parent's partition (the lists).

const NODE_PREFIX: Record<Kind, string> = {
  term: 'TERM',
  semester: 'SEM',
  division: 'DIV',
  batch: 'BATCH',
  course: 'COURSE',
  slot: 'SLOT',
};

/** Where a node sits: under a parent node, or (terms) under the college. */
export type Parent = { kind: Kind; id: string } | null;

const partitionOf = (parent: Parent) => (parent ? `${NODE_PREFIX[parent.kind]}#${parent.id}` : 'COLLEGE');

export const structureNode = (kind: Kind, id: string): Key => ({ pk: `${NODE_PREFIX[kind]}#${id}`, sk: NODE_PREFIX[kind] });
/** A node's entry in its parent's list: the name key orders the list and makes the name unique there. */
export const structureEntry = (kind: Kind, name: string, parent: Parent): Key => ({
  pk: partitionOf(parent),
  sk: `${NODE_PREFIX[kind]}#${naturalKey(name)}`,
});
/** Claims one look-alike key of a node's name within its parent (outside the `<P>#` lists). */
export const structureNameLookalike = (kind: Kind, lookalike: string, parent: Parent): Key => ({
  pk: partitionOf(parent),
  sk: `ALIKE#${NODE_PREFIX[kind]}#${hashed(lookalike)}`,
});
export const childrenOf = (kind: Kind, parent: Parent): KeyCondition => beginsWith(partitionOf(parent), `${NODE_PREFIX[kind]}#`);
export const termsOfCollege = (): KeyCondition => childrenOf('term', null);
