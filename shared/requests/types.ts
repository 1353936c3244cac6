import type * as z from 'zod/mini';
import type { Resource, RouteKeyOf } from '../routes';

/**
 * What a route's request must be, checked before its handler runs (functions/lib/http/resource.ts): its path
 * parameters, body and query. A route with none of them has an empty row.
 */
export interface RequestSchemas {
  params?: Readonly<Record<string, z.ZodMiniType<string>>>;
  body?: z.ZodMiniType;
  query?: z.ZodMiniType;
  /** What a request these refuse is answered instead of 400 with the schema's message (a login says no more than a wrong password). */
  refused?: { status: number; message: string };
}

/** One resource's request schemas: a row for each of its routes, no more and no less. */
export type RequestsOf<R extends Resource> = { readonly [K in RouteKeyOf<R>]: RequestSchemas };
