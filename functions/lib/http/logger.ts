/**
 * Structured JSON log lines (one per fault, with the request id the client was shown), in the shape
 * of the Powertools logger's lines: `level`, `message`, `timestamp`, `service`, `xray_trace_id`
 * (when Lambda set one), then the fields given; fields that are null, undefined or '' are left
 * out; an Error becomes {name, location, message, stack, cause, …its own fields}. INFO goes to
 * stdout, WARN and ERROR to stderr. The level is AWS_LAMBDA_LOG_LEVEL, POWERTOOLS_LOG_LEVEL or
 * LOG_LEVEL (the names Powertools reads), INFO by default.
 */
const LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR', 'CRITICAL', 'SILENT'] as const;
type Level = (typeof LEVELS)[number];
type Fields = Record<string, unknown>;

const rank = (name = ''): number => LEVELS.indexOf((name.toUpperCase() === 'FATAL' ? 'CRITICAL' : name.toUpperCase()) as Level);
const env = process.env;
let threshold = rank(env.AWS_LAMBDA_LOG_LEVEL || env.POWERTOOLS_LOG_LEVEL || env.LOG_LEVEL);
if (threshold < 0) threshold = rank('INFO');

function formatError(error: Error): Fields {
  const { name, message, stack, cause, ...own } = error as Error & Fields;
  const location = /\(([^()]*?):(\d+?):\d+?\)\\?$/m.exec(stack ?? '');
  return {
    name,
    location: location ? `${location[1]}:${Number(location[2])}` : '',
    message,
    stack,
    cause: cause instanceof Error ? formatError(cause) : cause,
    ...own,
  };
}

/** Errors as fields, bigints as strings, and a reference back to an object already on the path left out. */
function replacer(): (this: unknown, key: string, value: unknown) => unknown {
  const ancestors: unknown[] = [];
  return function (this: unknown, _key, value) {
    if (value instanceof Error) value = formatError(value);
    if (typeof value === 'bigint') return value.toString();
    if (typeof value === 'object' && value !== null) {
      while (ancestors.length > 0 && ancestors.at(-1) !== this) ancestors.pop();
      if (ancestors.includes(value)) return undefined;
      ancestors.push(value);
    }
    return value;
  };
}

function write(level: Level, message: string, fields: Fields = {}): void {
  if (rank(level) < threshold) return;
  const trace = /Root=([^;]+)/.exec(env._X_AMZN_TRACE_ID ?? '')?.[1];
  const line: Fields = { level, message, timestamp: new Date().toISOString(), service: 'sams', xray_trace_id: trace, ...fields };
  for (const key of Object.keys(line)) if (line[key] === undefined || line[key] === null || line[key] === '') delete line[key];
  (level === 'INFO' ? process.stdout : process.stderr).write(`${JSON.stringify(line, replacer())}\n`);
}

export const logger = {
  info: (message: string, fields?: Fields) => write('INFO', message, fields),
  warn: (message: string, fields?: Fields) => write('WARN', message, fields),
  error: (message: string, fields?: Fields) => write('ERROR', message, fields),
  setLogLevel(level: Exclude<Level, 'CRITICAL'>): void {
    threshold = rank(level);
  },
};
