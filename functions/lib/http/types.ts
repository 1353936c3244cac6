import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import type { SessionUser } from '../repositories/sessions';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

export type { SessionUser };

/** What a route handler gets: the parsed parts of the request, never the raw event. */
export interface ApiRequest {
  body: unknown;
  params: Record<string, string>;
  query: Record<string, string>;
  user: SessionUser | null;
  cookies: Record<string, string>;
  /** Served over HTTPS (CloudFront, API Gateway): cookies get Secure and the __Host- prefix. */
  secure: boolean;
  requestId: string;
  /** The browser's User-Agent, as API Gateway reports it (a session's device). */
  userAgent?: string;
}

/** What a route handler returns; the resource wraps it as `{data, message}`. */
export interface ApiResponse {
  status?: number;
  data: unknown;
  message: string;
  cookies?: string[];
}

export type RouteHandler = (request: ApiRequest) => Promise<ApiResponse>;

/** The Lambda context, carrying the request the guards parsed for the route handler. */
export interface ApiContext extends Context {
  api: ApiRequest;
}
