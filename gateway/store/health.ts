/**
 * Patient allergies and conditions, shared by the health calls and mail-order
 * registration. Both lists follow one rule set (spec section 4, "Allergy and
 * condition toggling"), written once here over two small table adapters.
 */
import type { components } from '../../src/api/gateway.gen.ts';
import type { Db } from '../db/database.ts';
import { NONE_ALLERGY_REF, NONE_CONDITION_REF } from '../data/health.ts';
import { MEMBER_SERVICES_PHONE } from '../reference/contact.ts';

type Allergy = components['schemas']['Allergy'];
type Condition = components['schemas']['Condition'];

interface Kind<R extends string | number> {
  none: R;
  unknown: string;
  /** Descriptions of the reference entries among refs. */
  refs(db: Db, refs: R[]): Promise<Map<R, string>>;
  held(db: Db, patientId: number): Promise<{ seq: number; ref: R }[]>;
  insert(db: Db, patientId: number, ref: R, desc: string): Promise<number>;
  remove(db: Db, seqs: number[]): Promise<void>;
}

const allergyKind: Kind<string> = {
  none: NONE_ALLERGY_REF,
  unknown: `Allergy not found. Call ${MEMBER_SERVICES_PHONE} (TTY 711) to add it.`,
  async refs(db, refs) {
    const rows = await db.selectFrom('allergyRef').selectAll().where('allergyRefNum', 'in', refs).execute();
    return new Map(rows.map((r) => [r.allergyRefNum, r.allergyDesc]));
  },
  async held(db, patientId) {
    return db.selectFrom('patientAllergies').select(['allergySeqNum as seq', 'allergyRefNum as ref']).where('patientId', '=', patientId).execute();
  },
  async insert(db, patientId, ref, desc) {
    const row = await db.insertInto('patientAllergies').values({ patientId, allergyRefNum: ref, allergyDesc: desc, statusCode: 'A' }).returning('allergySeqNum').executeTakeFirstOrThrow();
    return row.allergySeqNum;
  },
  async remove(db, seqs) {
    if (seqs.length) await db.deleteFrom('patientAllergies').where('allergySeqNum', 'in', seqs).execute();
  },
};

const conditionKind: Kind<number> = {
  none: NONE_CONDITION_REF,
  unknown: `Health condition not found. Call ${MEMBER_SERVICES_PHONE} (TTY 711) to add it.`,
  async refs(db, refs) {
    const rows = await db.selectFrom('conditionRef').selectAll().where('diseaseRefNum', 'in', refs).execute();
    return new Map(rows.map((r) => [r.diseaseRefNum, r.diseaseDesc]));
  },
  async held(db, patientId) {
    return db.selectFrom('patientConditions').select(['diseaseSeqNum as seq', 'diseaseRefNum as ref']).where('patientId', '=', patientId).execute();
  },
  async insert(db, patientId, ref, desc) {
    const row = await db.insertInto('patientConditions').values({ patientId, diseaseRefNum: ref, diseaseDesc: desc, statusCode: 'A' }).returning('diseaseSeqNum').executeTakeFirstOrThrow();
    return row.diseaseSeqNum;
  },
  async remove(db, seqs) {
    if (seqs.length) await db.deleteFrom('patientConditions').where('diseaseSeqNum', 'in', seqs).execute();
  },
};

interface Outcome<R> {
  ref: R;
  desc: string;
  seq: number;
  ok: boolean;
  error: string | null;
}

/**
 * Applies posted entries. The none entry replaces everything else the patient
 * has, and wins over real entries posted with it (those are answered
 * messageStatus false); a real entry replaces the none entry. An entry the
 * patient already has is answered true again, so a repeated post is harmless.
 */
async function apply<R extends string | number>(kind: Kind<R>, db: Db, patientId: number, posted: { ref: R; desc: string }[]): Promise<Outcome<R>[]> {
  const known = await kind.refs(db, [...new Set(posted.map((p) => p.ref))]);
  const noneChosen = posted.some((p) => p.ref === kind.none && known.has(p.ref));
  let held = await kind.held(db, patientId);
  const drop = async (keep: (ref: R) => boolean) => {
    await kind.remove(db, held.filter((h) => !keep(h.ref)).map((h) => h.seq));
    held = held.filter((h) => keep(h.ref));
  };
  const out: Outcome<R>[] = [];
  for (const p of posted) {
    const desc = known.get(p.ref);
    if (desc === undefined) {
      out.push({ ref: p.ref, desc: p.desc, seq: -1, ok: false, error: kind.unknown });
      continue;
    }
    if (noneChosen && p.ref !== kind.none) {
      out.push({ ref: p.ref, desc, seq: -1, ok: false, error: `Not added: ${known.get(kind.none)} was chosen.` });
      continue;
    }
    await drop((ref) => (p.ref === kind.none ? ref === kind.none : ref !== kind.none));
    let seq = held.find((h) => h.ref === p.ref)?.seq;
    if (seq === undefined) {
      seq = await kind.insert(db, patientId, p.ref, desc);
      held.push({ seq, ref: p.ref });
    }
    out.push({ ref: p.ref, desc, seq, ok: true, error: null });
  }
  return out;
}

export async function addAllergies(db: Db, patientId: number, posted: { allergyRefNum: string; allergyDesc: string }[]): Promise<Allergy[]> {
  const out = await apply(allergyKind, db, patientId, posted.map((p) => ({ ref: p.allergyRefNum, desc: p.allergyDesc })));
  return out.map((o) => ({
    allergyRefNum: o.ref, allergyDesc: o.desc, allergySeqNum: o.seq, statusCode: 'A', messageStatus: o.ok, messageErrorText: o.error,
  }));
}

export async function addConditions(db: Db, patientId: number, posted: { diseaseRefNum: number; diseaseDesc: string }[]): Promise<Condition[]> {
  const out = await apply(conditionKind, db, patientId, posted.map((p) => ({ ref: p.diseaseRefNum, desc: p.diseaseDesc })));
  return out.map((o) => ({
    diseaseRefNum: o.ref, diseaseDesc: o.desc, diseaseSeqNum: o.seq, patientId, statusCode: 'A', messageStatus: o.ok, messageErrorText: o.error,
  }));
}
