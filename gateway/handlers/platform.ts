import type { Context, Handlers } from './types.ts';
import { ok } from './types.ts';
import { notFound } from '../errors.ts';

export function platformHandlers({ db, tokens }: Context): Pick<Handlers, 'getAppToken' | 'getBanner'> {
  return {
    async getAppToken() {
      const t = tokens.issueAppToken();
      return ok({ token: t.token, expiresAt: t.expiresAt.toISOString(), expiresIn: t.expiresIn });
    },
    async getBanner({ params }) {
      const banner = await db.selectFrom('banners').selectAll().where('bannerId', '=', params.bannerId).where('active', '=', true).executeTakeFirst();
      if (!banner) throw notFound('No banner.');
      return ok({ value: banner.value, statusCode: 200 });
    },
  };
}
