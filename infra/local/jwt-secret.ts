import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

export const newJwtSecret = (): string => randomBytes(32).toString('base64url');

/** The local signing key: generated once (256 bits) into `file`, so login sessions survive restarts. */
export function loadOrCreateJwtSecret(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = newJwtSecret();
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
