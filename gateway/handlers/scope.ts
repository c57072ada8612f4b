/**
 * Patient scoping: a patient access token reads and changes only its own
 * patient's data. Every patient handler goes through one of these.
 */
import type { PatientClaims } from '../auth/tokens.ts';
import { GatewayError, forbidden } from '../errors.ts';

/** The registered patient the token belongs to (403 for a member not yet registered). */
export function patientOf(claims: PatientClaims | undefined): number {
  if (!claims) throw new GatewayError(401, 'Access token missing.');
  if (claims.pid === null) throw forbidden('This member is not registered for mail order yet.');
  return claims.pid;
}

/** The patient, when the request also names one: the two must agree. */
export function samePatient(claims: PatientClaims | undefined, named: number | null | undefined): number {
  const pid = patientOf(claims);
  if (named !== null && named !== undefined && named !== pid) throw forbidden();
  return pid;
}

/** The refill link the token was issued for (link tokens only). */
export function linkOf(claims: PatientClaims | undefined): { patientId: number; linkKey: number } {
  const patientId = patientOf(claims);
  if (claims?.lnk === null || claims?.lnk === undefined) throw forbidden('This access token was not issued for a refill link.');
  return { patientId, linkKey: claims.lnk };
}

/** The member a member-verification token was issued for. */
export function memberOf(claims: PatientClaims | undefined): string {
  if (!claims) throw new GatewayError(401, 'Access token missing.');
  if (!claims.mbr) throw forbidden('This access token was not issued for a member.');
  return claims.mbr;
}

/** Throws 403 unless a row found by id belongs to the patient (404 when absent). */
export function ownedBy<T extends { patientId: number }>(row: T | undefined, patientId: number, what: string): T {
  if (!row) throw new GatewayError(404, `${what} not found.`);
  if (row.patientId !== patientId) throw forbidden();
  return row;
}
