/**
 * Contract-test harness: the real gateway (memory PGlite, seeded personas),
 * called in-process by operationId. Every answer is validated against the
 * response schema the contract gives for its status, and every operation that
 * answered successfully is recorded so a test can prove each one was exercised.
 */
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { basename, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { parse } from 'yaml';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';
import { buildGateway, CONTRACT_PATH, faultSwitchOf } from '../../gateway/app.ts';
import { buildTokenizer } from '../../gateway/tokenizer/app.ts';
import type { RateLimits } from '../../gateway/rateLimit.ts';
import { migrate, type Db } from '../../gateway/db/database.ts';
import { seed } from '../../gateway/db/seed.ts';
import { EXERCISED_DIR } from './coverage.global.ts';
import { openTestDatabase, TEST_DATABASE, type TestDatabaseKind } from './database.ts';

interface Operation {
  operationId: string;
  method: string;
  path: string;
  responses: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
  /** Names of the security schemes the operation requires (empty: none). */
  schemes: string[];
  /** Which origin answers it: the tokenizer's paths carry their own `servers`. */
  origin: 'gateway' | 'tokenizer';
}

const contract = parse(readFileSync(CONTRACT_PATH, 'utf8'));
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema(contract, 'contract');

export const operations: Map<string, Operation> = new Map();
type ContractOp = { operationId: string; responses: Operation['responses']; security?: Record<string, string[]>[] };
for (const [path, item] of Object.entries<Record<string, ContractOp>>(contract.paths)) {
  const origin = 'servers' in item ? 'tokenizer' : 'gateway';
  for (const [method, op] of Object.entries(item)) {
    if (!op?.operationId) continue;
    const schemes = [...new Set((op.security ?? contract.security ?? []).flatMap((s: Record<string, string[]>) => Object.keys(s)))] as string[];
    operations.set(op.operationId, { operationId: op.operationId, method: method.toUpperCase(), path, responses: op.responses, schemes, origin });
  }
}

const pointer = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

/** Validates a body against the contract's response for that status; returns errors. */
export function responseErrors(op: Operation, status: number, body: unknown): string[] {
  let response = op.responses[String(status)] ?? op.responses.default;
  let where = `#/paths/${pointer(op.path)}/${op.method.toLowerCase()}/responses/${status}`;
  if (!response) return [`status ${status} is not in the contract of ${op.operationId}`];
  if (response.$ref) {
    where = response.$ref;
    response = response.$ref.split('/').slice(1)
      .reduce((o: Record<string, unknown>, k) => o[k.replace(/~1/g, '/').replace(/~0/g, '~')] as Record<string, unknown>, contract) as Operation['responses'][string];
  }
  const media = response!.content?.['application/json'];
  if (!media) return body === undefined || body === '' ? [] : [`${op.operationId} ${status} has no body in the contract`];
  const validate = ajv.getSchema(`contract${where}/content/application~1json/schema`);
  if (!validate) return [`no schema at ${where}`];
  return validate(body) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
}

export interface CallOptions {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  body?: unknown;
  /** App token; a fresh valid one unless given (null sends none). */
  appToken?: string | null;
  patientToken?: string | null;
  /** Further request headers (an Idempotency-Key). */
  headers?: Record<string, string>;
}

export interface TestGateway {
  app: FastifyInstance;
  /** The hosted tokenizer's origin (TOKENIZER_URL), sharing the database and the fault switch. */
  tokenizer: FastifyInstance;
  db: Db;
  /** Which database the gateway runs on (the vitest project's). */
  database: TestDatabaseKind;
  clock: { now: Date };
  /** Operations that answered 2xx with a body or 204 that matched the contract. */
  exercised: Set<string>;
  // The body is validated against the contract at run time; tests then read it freely.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(operationId: string, options?: CallOptions): Promise<{ status: number; body: any; headers: Record<string, unknown> }>;
  appToken(): Promise<string>;
  close(): Promise<void>;
}

/**
 * A registration body for James Carter (MMA100002, eligible, not registered) or a copy of him: one home
 * address, a primary cell phone, the card of `pciToken` (none when null), no allergies or conditions, text
 * notifications; `extra` replaces any part.
 */
export const jamesRegistration = (memberNumber: string, pciToken: string | null, extra: object = {}) => ({
  firstName: 'James', middleName: null as string | null, lastName: 'Carter', gender: 'M', birthDate: '1971-09-30',
  memberInfo: { hqCode: 'MMA01', memberNumber, personCode: '001', relationshipCode: '1' },
  email: 'james.carter@example.com',
  addresses: [{ defaultShipping: true, defaultBilling: true, addressType: { addressTypeId: 1, addressTypeDesc: 'HOME' }, address1: '700 S Mill Ave', address2: null, city: 'Tempe', state: 'AZ', zipCode: '85281' }],
  phones: [{ phoneType: 8, phoneTypeDesc: 'Cellular Number', areaCode: '480', phoneNumber: '5550199', extension: null, isPrimary: true }],
  paymentCard: pciToken && { defaultCard: true, cardFirstName: 'James', cardLastName: 'Carter', cardTypeNum: 1, cardTypeDesc: 'Visa', cardMonthNum: 12, cardYear: 2030, pciToken },
  allergies: [{ allergyRefNum: '00153', allergyDesc: 'NO KNOWN DRUG ALLERGY', allergySeqNum: -1, statusCode: 'A' }],
  conditions: [{ diseaseRefNum: 0, diseaseDesc: 'NO REPORTED MEDICAL CONDITIONS', diseaseSeqNum: -1, statusCode: 'A' }],
  notification: { modalityTypeId: 2, includePHI: false, optIn: true, timeZone: 'M' },
  ...extra,
});

/** A card token for the patient (or member) of `patientToken`: a tokenizer session, the number posted, the token read. */
export async function cardToken(gw: TestGateway, patientToken: string, cardNumber = '4111111111111111'): Promise<string> {
  const session = await gw.call('getTokenizerCredentials', { patientToken });
  await gw.call('tokenizeCard', { appToken: null, body: { accessToken: session.body.accessToken, cardNumber } });
  return (await gw.call('getTokenizedCardNumber', { patientToken, query: { accessToken: session.body.accessToken } })).body.pciToken;
}

export const SEED_DAY = new Date('2026-11-22T17:00:00Z');
/** The test gateway's secret: a second gateway on the same database (a test's own, with a log) takes its tokens. */
export const TEST_SECRET = 'contract-test-secret';
/** The origins as the contract tests name them (nothing listens: calls are injected). */
export const TOKENIZER_URL = 'http://127.0.0.1:8081';
export const PORTAL_ORIGIN = 'http://127.0.0.1:8080';

/**
 * The gateway over the project's database (database.ts): memory PGlite, or a
 * PostgreSQL database of its own, migrated and seeded.
 */
export async function startGateway(options: { rateLimits?: Partial<RateLimits> } = {}): Promise<TestGateway> {
  const database = await openTestDatabase();
  const { db } = database;
  await migrate(db);
  await seed(db, { now: SEED_DAY, banner: true });
  const clock = { now: new Date(SEED_DAY) };
  const app = await buildGateway({ db, secret: TEST_SECRET, now: () => clock.now, faults: true, tokenizerUrl: TOKENIZER_URL, rateLimits: options.rateLimits });
  await app.ready();
  const tokenizer = await buildTokenizer({ db, secret: 'contract-test-tokenizer-secret', publicUrl: TOKENIZER_URL, portalOrigins: [PORTAL_ORIGIN], now: () => clock.now, faults: faultSwitchOf(app), rateLimits: options.rateLimits });
  await tokenizer.ready();
  const exercised = new Set<string>();

  const appToken = async () => {
    const r = await app.inject({ method: 'POST', url: '/gwapi/apptoken', payload: { clientId: 'mmar-web' } });
    return (r.json() as { token: string }).token;
  };

  return {
    app,
    tokenizer,
    db,
    database: TEST_DATABASE,
    clock,
    exercised,
    appToken,
    async call(operationId, options = {}) {
      const op = operations.get(operationId);
      if (!op) throw new Error(`Unknown operation ${operationId}`);
      let url = op.path;
      for (const [k, v] of Object.entries(options.params ?? {})) url = url.replace(`{${k}}`, encodeURIComponent(String(v)));
      const headers: Record<string, string> = { ...options.headers };
      const app_ = options.appToken === undefined ? await appToken() : options.appToken;
      if (app_) headers['x-app-token'] = app_;
      if (options.patientToken) headers['x-access-token'] = options.patientToken;
      const query = Object.fromEntries(Object.entries(options.query ?? {}).map(([k, v]) => [k, String(v)]));
      const response = await (op.origin === 'tokenizer' ? tokenizer : app).inject({
        method: op.method as 'GET',
        url,
        query,
        headers,
        ...(options.body !== undefined ? { payload: options.body as object } : {}),
      });
      const body = response.body ? response.json() : undefined;
      const errors = responseErrors(op, response.statusCode, body);
      if (errors.length) {
        throw new Error(`${operationId} answered ${response.statusCode} outside the contract: ${errors.join('; ')}\n${response.body.slice(0, 500)}`);
      }
      if (response.statusCode >= 200 && response.statusCode <= 207) exercised.add(operationId);
      return { status: response.statusCode, body, headers: response.headers };
    },
    async close() {
      if (existsSync(EXERCISED_DIR)) {
        const file = basename(expect.getState().testPath ?? 'unknown');
        writeFileSync(join(EXERCISED_DIR, `${randomUUID()}.json`), JSON.stringify({ file, operations: [...exercised] }));
      }
      await tokenizer.close();
      await app.close();
      await database.close();
    },
  };
}
