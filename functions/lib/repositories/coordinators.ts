import { COORDINATOR_MESSAGES } from '@shared/schemas/structure';
import { batchGet } from '../batch';
import { Invalid, NotFound } from '../domain-errors';
import { structureNode } from '../entities/structure-node';
import * as keys from '../keys';
import { userProfile } from '../entities/user';
import { transact, type TransactItem } from '../writes';
import { entryKey, getNode, type StructureItem } from './structure';
import { tableName } from '../db';

/**
 * A division's class coordinators (docs/product.md §2.17): the staff who decide its students' leave. Kept on the
 * division and on its entry in the semester's list (what GET division reads), both in one transaction while the
 * division still has the name it was read with (a rename moves the entry).
 */
export async function setCoordinators(divisionid: string, coordinators: string[]): Promise<StructureItem> {
  const ids = [...new Set(coordinators)];
  const users = await batchGet<{ _id: string; role?: string }>(ids.map((id) => userProfile(id)));
  if (users.length !== ids.length || users.some((user) => user.role !== 'faculty' && user.role !== 'admin')) {
    throw new Invalid(COORDINATOR_MESSAGES.notFaculty);
  }
  for (let attempt = 0; attempt < 3; attempt++) {
    const division = await getNode('division', divisionid);
    if (!division || division.deleting) throw new NotFound('Division not found');
    const failed = await transact({
      division: setIfNamed(structureNode('division', divisionid), division.name, ids, true),
      entry: setIfNamed(entryKey('division', division), division.name, ids, false),
    });
    if (!failed) return { ...division, coordinators: ids } as StructureItem;
  }
  throw new NotFound('Division not found');
}

function setIfNamed(key: keys.Key, name: string, coordinators: string[], live: boolean): TransactItem {
  return {
    Update: {
      TableName: tableName(),
      Key: key,
      UpdateExpression: 'SET coordinators = :ids',
      ConditionExpression: `attribute_exists(pk) AND #name = :name${live ? ' AND attribute_not_exists(deleting)' : ''}`,
      ExpressionAttributeNames: { '#name': 'name' },
      ExpressionAttributeValues: { ':ids': coordinators, ':name': name },
    },
  };
}
