/**
 * Health information: the allergy and condition reference lookups and the
 * patient's own lists.
 */
import type { Context, Handlers } from './types.ts';
import { empty, ok } from './types.ts';
import { badRequest } from '../errors.ts';
import { patientOf } from './scope.ts';
import { addAllergies, addConditions } from '../store/health.ts';
import { contains } from '../store/like.ts';
import { NONE_ALLERGY_REF, NONE_CONDITION_REF } from '../data/health.ts';

/** The app asks for 30; more would only make the suggestion list unusable. */
const MAX_LOOKUP = 30;

interface LookupQuery {
  cat?: 'common';
  searchText?: string;
  noOfRecords?: number;
}

/** The two query shapes of the lookups: the common list, or a search of 3+ characters. */
function lookupShape(query: LookupQuery): { common: true } | { pattern: string; limit: number } {
  if (query.cat === 'common') return { common: true };
  const text = query.searchText?.trim() ?? '';
  if (text.length < 3) throw badRequest('Lookup needs cat=common or a searchText of 3 or more characters.');
  return { pattern: contains(text), limit: Math.min(query.noOfRecords ?? MAX_LOOKUP, MAX_LOOKUP) };
}

export function healthHandlers({ db }: Context): Pick<Handlers,
  'lookupAllergies' | 'lookupConditions' | 'listPatientAllergies' | 'listPatientConditions' | 'addPatientAllergies' | 'addPatientConditions'> {
  return {
    async lookupAllergies({ query }) {
      const shape = lookupShape(query);
      // The none entry is a toggle of its own, never a suggestion.
      let q = db.selectFrom('allergyRef').select(['allergyRefNum', 'allergyDesc']).where('allergyRefNum', '!=', NONE_ALLERGY_REF).orderBy('allergyDesc');
      q = 'common' in shape ? q.where('common', '=', true) : q.where('allergyDesc', 'ilike', shape.pattern).limit(shape.limit);
      return ok(await q.execute());
    },

    async lookupConditions({ query }) {
      const shape = lookupShape(query);
      let q = db.selectFrom('conditionRef').select(['diseaseRefNum', 'diseaseDesc']).where('diseaseRefNum', '!=', NONE_CONDITION_REF).orderBy('diseaseDesc');
      q = 'common' in shape ? q.where('common', '=', true) : q.where('diseaseDesc', 'ilike', shape.pattern).limit(shape.limit);
      return ok(await q.execute());
    },

    async listPatientAllergies({ patient }) {
      const rows = await db.selectFrom('patientAllergies').select(['allergyRefNum', 'allergyDesc', 'allergySeqNum', 'statusCode'])
        .where('patientId', '=', patientOf(patient)).orderBy('allergySeqNum').execute();
      return rows.length ? ok(rows) : empty();
    },

    async listPatientConditions({ patient }) {
      const rows = await db.selectFrom('patientConditions').select(['diseaseRefNum', 'diseaseDesc', 'diseaseSeqNum', 'patientId', 'statusCode'])
        .where('patientId', '=', patientOf(patient)).orderBy('diseaseSeqNum').execute();
      return rows.length ? ok(rows) : empty();
    },

    async addPatientAllergies({ body, patient }) {
      const pid = patientOf(patient);
      return ok(await db.transaction().execute((tx) => addAllergies(tx, pid, body)));
    },

    async addPatientConditions({ body, patient }) {
      const pid = patientOf(patient);
      return ok(await db.transaction().execute((tx) => addConditions(tx, pid, body)));
    },
  };
}
