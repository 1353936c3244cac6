import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import type { PublicUser } from '@shared/schemas/auth';

export type ApiEvent = APIGatewayProxyEventV2;
export type ApiResult = APIGatewayProxyStructuredResultV2;

/** A signed-in user as the session knows them. */
export interface SessionUser extends PublicUser {
  /** The session's id (the JWT's jti), so logout can end exactly this session. */
  sessionId: string;
}

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
}

/** What a route handler returns; the resource wraps it as `{data, message}`. */
export interface ApiResponse {
  status?: number;
  data: unknown;
  message: string;
  cookies?: string[];
}

export type RouteHandler = (request: ApiRequest) => Promise<ApiResponse>;
