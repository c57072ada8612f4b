import type { Context, Handlers } from './types.ts';
import { empty, ok } from './types.ts';
import { GatewayError, notFound } from '../errors.ts';
import { activeBanner } from '../store/banners.ts';
import { revokeSession } from '../store/sessions.ts';
import { pingDatabase } from '../db/database.ts';

export const SHUTTING_DOWN = 'The gateway is shutting down.';
export const DATABASE_DOWN = 'The database does not answer.';

export function platformHandlers({ db, tokens, now, shuttingDown, readyTimeoutMs }: Context): Pick<Handlers, 'getAppToken' | 'getBanner' | 'getHealth' | 'getReadiness' | 'revokeSession'> {
  return {
    async getHealth() {
      return ok({ status: 'alive' as const });
    },
    async getReadiness() {
      if (shuttingDown()) throw new GatewayError(503, SHUTTING_DOWN);
      try {
        // Within its budget, on a connection of its own: a busy pool is not a dead database.
        await pingDatabase(db, readyTimeoutMs);
      } catch {
        throw new GatewayError(503, DATABASE_DOWN);
      }
      return ok({ status: 'ready' as const });
    },
    async getAppToken() {
      const t = tokens.issueAppToken();
      return ok({ token: t.token, expiresAt: t.expiresAt.toISOString(), expiresIn: t.expiresIn });
    },
    // Any patient token, a member's or a link's (the path is outside both audiences' prefixes); the authenticator has
    // already refused one revoked or ended, so this revokes a live session.
    async revokeSession({ patient }) {
      if (!patient) throw new GatewayError(401, 'Access token missing.');
      await revokeSession(db, patient, now());
      return empty();
    },
    async getBanner({ params }) {
      const value = await activeBanner(db, params.bannerId);
      if (value === null) throw notFound('No banner.');
      return ok({ value, statusCode: 200 });
    },
  };
}
