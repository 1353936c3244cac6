import type * as z from 'zod/mini';
import { entityId } from '@shared/schemas/common';
import { parse } from './http/errors';
import type { RouteHandler } from './http/types';
import { countTree, deleteTree } from './repositories/cascade';
import { createNode, KINDS, listChildren, toPublic, type Kind } from './repositories/structure';

/**
 * The handlers every child level of the structure (semester, division, batch, course, slot)
 * shares. Each resource file maps its own route keys to them. `badId` is the message for an
 * empty or malformed id in the path (docs/product.md §5).
 */
type Level = Exclude<Kind, 'term'>;

const pathId = (value: string | undefined, badId = 'Some error occur') => parse(entityId(badId), value);

/** POST <kind>: creates a node under the parent the body names. */
export const addNode =
  (kind: Level, schema: z.ZodMiniType<{ name: string } & Record<string, string>>, created: string): RouteHandler =>
  async ({ body }) => {
    const input = parse(schema, body);
    const item = await createNode(kind, { name: input.name, parentId: input[KINDS[kind].parentField!] });
    return { status: 201, data: toPublic(kind, item), message: created };
  };

/** GET <kind>/{parent id}: the parent's children, in people's order. */
export const listNodes =
  (kind: Level, empty: string, badId?: string): RouteHandler =>
  async ({ params }) => {
    const items = await listChildren(kind, pathId(params[KINDS[kind].parentField!], badId));
    return { data: items.map((item) => toPublic(kind, item)), message: items.length ? `${KINDS[kind].label} list` : empty };
  };

/** GET <kind>/{id}/dependents: what a delete would take with it, for the confirmation dialog. */
export const countDependents =
  (kind: Level): RouteHandler =>
  async ({ params }) => ({ data: await countTree(kind, pathId(params.id)), message: `What deleting this ${kind} would remove` });

/** DELETE <kind>/{id}: the node and everything under it. */
export const deleteSubtree =
  (kind: Level, deleted: string, badId?: string): RouteHandler =>
  async ({ params }) => {
    const id = pathId(params.id, badId);
    return { data: { _id: id, deleted: await deleteTree(kind, id) }, message: deleted };
  };
