import type * as z from 'zod/mini';
import { entityId } from '@shared/schemas/common';
import { HttpError, parse } from './http/errors';
import type { RouteHandler } from './http/types';
import { countTree, deleteTree } from './repositories/cascade';
import { createNode, KINDS, listChildren, toPublic, type Kind } from './repositories/structure';

interface StructureMessages {
  created: string;
  empty: string;
  deleted: string;
  /** Shown when the id in the path is empty or malformed (docs/product.md §5). */
  badId?: string;
}

/**
 * The three routes every child level of the structure has: create under a parent, list a
 * parent's children, and delete one by id with everything under it.
 */
export function structureRoutes(
  kind: Exclude<Kind, 'term'>,
  schema: z.ZodMiniType<{ name: string } & Record<string, string>>,
  messages: StructureMessages,
): Record<string, RouteHandler> {
  const parentField = KINDS[kind].parentField!;
  return {
    [`POST /api/v1/${kind}`]: async ({ body }) => {
      const input = parse(schema, body);
      const item = await createNode(kind, { name: input.name, parentId: input[parentField] });
      return { status: 201, data: toPublic(kind, item), message: messages.created };
    },
    [`GET /api/v1/${kind}/{${parentField}}`]: async ({ params }) => {
      const items = await listChildren(kind, parse(entityId(messages.badId ?? 'Some error occur'), params[parentField]));
      return { data: items.map((item) => toPublic(kind, item)), message: items.length ? `${KINDS[kind].label} list` : messages.empty };
    },
    ...(kind === 'slot'
      ? {}
      : {
          // What a delete would take with it, for the confirmation dialog.
          [`GET /api/v1/${kind}/{id}/dependents`]: async ({ params }) => {
            const counts = await countTree(kind, parse(entityId(messages.badId ?? 'Some error occur'), params.id));
            if (!counts) throw new HttpError(404, `${KINDS[kind].label} not found`);
            return { data: counts, message: `What deleting this ${kind} would remove` };
          },
        }),
    [`DELETE /api/v1/${kind}/{id}`]: async ({ params }) => {
      const id = parse(entityId(messages.badId ?? 'Some error occur'), params.id);
      const deleted = await deleteTree(kind, id);
      if (!deleted) throw new HttpError(404, `${KINDS[kind].label} not found`);
      return { data: { _id: id, deleted }, message: messages.deleted };
    },
  };
}
