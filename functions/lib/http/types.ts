import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { ApiData, ContractKey, ParsedBody, ParsedQuery, RouteParams } from '@shared/api-contract';
import type { AccessOf } from '@shared/routes';
import type { CurrentUser } from '../repositories/login-sessions';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export type { CurrentUser };

/** What a route handler gets: the parsed parts of the request, never the raw event. */
export interface ApiRequest {
  /** The JSON body, not yet checked: the resource parses it with its route's schema (shared/requests/). */
  body: unknown;
  params: Record<string, string>;
  /** The query string's values (text), until the resource parses them with the route's schema: then its fields. */
  query: Record<string, unknown>;
  user: CurrentUser | null;
  cookies: Record<string, string>;
  /** Served over HTTPS (CloudFront, API Gateway): cookies get Secure and the __Host- prefix. */
  secure: boolean;
  requestId: string;
  /** The caller's IP address (behind CloudFront, the viewer's): what a per-client rate limit counts. */
  clientIp?: string;
  /** The browser's User-Agent, as API Gateway reports it (a login session's device). */
  userAgent?: string;
  /** This app's origin, from a state-changing request's Origin once checked to be it: where an emailed link points. */
  appOrigin?: string;
}

/**
 * The request of one route, typed from its row: its path parameters by name, its body and query as its schemas
 * parsed them (the resource did, shared/requests/), and the user, who is there whenever the route's access
 * requires a signed-in user (login-session-auth refuses the request otherwise).
 */
export type RouteRequestOf<K extends ContractKey> = Omit<ApiRequest, 'params' | 'user' | 'body' | 'query'> & {
  params: RouteParams<K>;
  body: ParsedBody<K>;
  query: ParsedQuery<K>;
  user: AccessOf<K> extends 'public' | 'optional' ? CurrentUser | null : CurrentUser;
};

/** What a route handler returns; the resource wraps it as `{data, message}`. */
export interface ApiResponse<D = unknown> {
  status?: number;
  data: D;
  message: string;
  cookies?: string[];
}

/** The handler of one route: its answer's data must be what the route's schema allows. */
export type RouteHandler<K extends ContractKey> = (request: RouteRequestOf<K>) => Promise<ApiResponse<ApiData<K>>>;

/** The Lambda context, carrying the request the guards parsed for the route handler. */
export interface ApiContext extends Context {
  api: ApiRequest;
}
