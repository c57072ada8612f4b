import type { Db } from '../db/database.ts';

/** The banner's HTML as stored, when it is active (GET /gwapi/banners/{id} and every HTML answer). */
export async function activeBanner(db: Db, bannerId: number): Promise<string | null> {
  const row = await db.selectFrom('banners').select('value').where('bannerId', '=', bannerId).where('active', '=', true).executeTakeFirst();
  return row?.value ?? null;
}
