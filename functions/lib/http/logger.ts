import { Logger } from '@aws-lambda-powertools/logger';

/** Structured JSON log lines (one per fault, with the request id the client was shown). */
export const logger = new Logger({ serviceName: 'sams' });
