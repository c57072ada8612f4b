/**
 * Authentication of every operation by the contract's security requirements
 * (appToken, patientToken). It runs as the route's onRequest hook, before the
 * body is parsed or validated, so a caller without a valid token learns nothing
 * about the operation. A failure is a 401.
 */
import type { FastifyRequest } from 'fastify';
import { TokenError, type PatientClaims, type Tokens } from './tokens.ts';
import { GatewayError } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    patient?: PatientClaims;
  }
}

/** One operation's `security`: any one of the lists, all schemes of a list. */
export type SecurityRequirement = Record<string, string[]>[];

const header = (req: FastifyRequest, name: string) => {
  const v = req.headers[name];
  return Array.isArray(v) ? v[0] : v;
};

const reason = (e: unknown) => (e instanceof TokenError ? e.message : 'invalid');

export function createAuthenticator(tokens: Tokens) {
  const schemes: Record<string, (req: FastifyRequest) => void> = {
    appToken(req) {
      try {
        tokens.verifyAppToken(header(req, 'x-app-token'));
      } catch (e) {
        throw new GatewayError(401, `App token ${reason(e)}.`);
      }
    },
    patientToken(req) {
      try {
        req.patient = tokens.verifyPatientToken(header(req, 'x-access-token'));
      } catch (e) {
        throw new GatewayError(401, `Access token ${reason(e)}.`);
      }
    },
  };

  return (requirement: SecurityRequirement) => {
    for (const list of requirement) {
      for (const name of Object.keys(list)) {
        if (!schemes[name]) throw new Error(`No handler for security scheme ${name}`);
      }
    }
    return async (req: FastifyRequest) => {
      if (requirement.length === 0 || requirement.some((list) => Object.keys(list).length === 0)) return;
      let failure: unknown;
      for (const list of requirement) {
        try {
          for (const name of Object.keys(list)) schemes[name]!(req);
          return;
        } catch (e) {
          failure = e;
        }
      }
      throw failure;
    };
  };
}
