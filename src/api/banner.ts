import { gateway } from './instance.ts';
import { settle } from './gateway.ts';

/** GET /gwapi/banners/1: the header banner's HTML, or null when there is none. */
export async function fetchBannerHtml(): Promise<string | null> {
  const data = await settle(gateway.client.GET('/gwapi/banners/{bannerId}', { params: { path: { bannerId: 1 } } }));
  return data?.value ?? null;
}
