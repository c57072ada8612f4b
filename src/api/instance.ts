/**
 * The SPA's gateway client. Same origin by default (the gateway serves the SPA);
 * VITE_GATEWAY_URL at build time points it at another gateway (that gateway must
 * then allow this origin with CORS, and the CSP's connect-src must name it).
 */
import { createGateway } from './gateway.ts';

export const gateway = createGateway({ baseUrl: import.meta.env.VITE_GATEWAY_URL ?? '' });
