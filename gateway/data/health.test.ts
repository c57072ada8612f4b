import { describe, it, expect } from 'vitest';
import {
  allergies,
  conditions,
  NONE_ALLERGY_REF,
  NONE_CONDITION_REF,
  searchAllergies,
  searchConditions,
  commonAllergies,
  commonConditions,
} from './health.js';

describe('allergies', () => {
  it('has at least 60 entries plus the none entry with the exact text', () => {
    expect(allergies.length).toBeGreaterThanOrEqual(61);
    expect(NONE_ALLERGY_REF).toBe('00153');
    expect(allergies.filter((a) => a.allergyRefNum === '00153')).toEqual([
      { allergyRefNum: '00153', allergyDesc: 'NO KNOWN DRUG ALLERGY', common: false },
    ]);
  });

  it('has unique 5-digit refNums and unique upper-case descriptions', () => {
    for (const a of allergies) {
      expect(a.allergyRefNum).toMatch(/^\d{5}$/);
      expect(a.allergyDesc).toBe(a.allergyDesc.toUpperCase());
    }
    expect(new Set(allergies.map((a) => a.allergyRefNum)).size).toBe(allergies.length);
    expect(new Set(allergies.map((a) => a.allergyDesc)).size).toBe(allergies.length);
  });

  it('contains the usual pharmacy allergy entries', () => {
    const descs = new Set(allergies.map((a) => a.allergyDesc));
    for (const d of ['PENICILLINS', 'SULFA (SULFONAMIDE ANTIBIOTICS)', 'CODEINE', 'LATEX', 'ASPIRIN', 'NSAIDS', 'CEPHALOSPORINS', 'EGGS', 'PEANUTS', 'SHELLFISH', 'IODINE']) {
      expect(descs.has(d), d).toBe(true);
    }
  });

  it('has about 10 common entries and never the none entry', () => {
    const common = commonAllergies();
    expect(common.length).toBeGreaterThanOrEqual(8);
    expect(common.length).toBeLessThanOrEqual(12);
    expect(common.every((a) => a.common)).toBe(true);
    expect(common.some((a) => a.allergyRefNum === NONE_ALLERGY_REF)).toBe(false);
    expect(common.map((a) => a.allergyDesc)).toContain('PENICILLINS');
  });

  it('searches case-insensitively from 3 characters, excluding the none entry', () => {
    expect(searchAllergies('pe', 20)).toEqual([]);
    expect(searchAllergies('', 20)).toEqual([]);
    expect(searchAllergies('penic', 20).map((a) => a.allergyDesc)).toContain('PENICILLINS');
    expect(searchAllergies('SULFA', 20).map((a) => a.allergyDesc)).toContain('SULFA (SULFONAMIDE ANTIBIOTICS)');
    expect(searchAllergies('sulfonamide', 20).map((a) => a.allergyDesc)).toContain('SULFA (SULFONAMIDE ANTIBIOTICS)');
    expect(searchAllergies('known', 20)).toEqual([]);
    expect(searchAllergies('allergy', 20)).toEqual([]);
    expect(searchAllergies('ine', 3)).toHaveLength(3);
  });
});

describe('conditions', () => {
  it('has at least 60 entries plus the none entry with the exact text', () => {
    expect(conditions.length).toBeGreaterThanOrEqual(61);
    expect(NONE_CONDITION_REF).toBe(0);
    expect(conditions.filter((c) => c.diseaseRefNum === 0)).toEqual([
      { diseaseRefNum: 0, diseaseDesc: 'NO REPORTED MEDICAL CONDITIONS', common: false },
    ]);
  });

  it('has unique positive integer refNums (besides none) and unique upper-case descriptions', () => {
    for (const c of conditions) {
      expect(Number.isInteger(c.diseaseRefNum)).toBe(true);
      if (c.diseaseRefNum !== NONE_CONDITION_REF) expect(c.diseaseRefNum).toBeGreaterThan(0);
      expect(c.diseaseDesc).toBe(c.diseaseDesc.toUpperCase());
    }
    expect(new Set(conditions.map((c) => c.diseaseRefNum)).size).toBe(conditions.length);
    expect(new Set(conditions.map((c) => c.diseaseDesc)).size).toBe(conditions.length);
  });

  it('contains the usual chronic conditions', () => {
    const descs = new Set(conditions.map((c) => c.diseaseDesc));
    for (const d of ['HYPERTENSION', 'TYPE 2 DIABETES MELLITUS', 'HYPERLIPIDEMIA', 'ASTHMA', 'COPD', 'HYPOTHYROIDISM', 'GERD', 'DEPRESSION', 'ATRIAL FIBRILLATION']) {
      expect(descs.has(d), d).toBe(true);
    }
  });

  it('has about 10 common entries and never the none entry', () => {
    const common = commonConditions();
    expect(common.length).toBeGreaterThanOrEqual(8);
    expect(common.length).toBeLessThanOrEqual(12);
    expect(common.every((c) => c.common)).toBe(true);
    expect(common.some((c) => c.diseaseRefNum === NONE_CONDITION_REF)).toBe(false);
    expect(common.map((c) => c.diseaseDesc)).toContain('HYPERTENSION');
  });

  it('searches case-insensitively from 3 characters, excluding the none entry', () => {
    expect(searchConditions('hy', 20)).toEqual([]);
    const diabetes = searchConditions('Diabetes', 20).map((c) => c.diseaseDesc);
    expect(diabetes).toContain('TYPE 2 DIABETES MELLITUS');
    expect(diabetes).toContain('TYPE 1 DIABETES MELLITUS');
    expect(searchConditions('hyper', 20)[0]!.diseaseDesc.startsWith('HYPER')).toBe(true);
    expect(searchConditions('reported', 20)).toEqual([]);
    expect(searchConditions('medical conditions', 20)).toEqual([]);
    expect(searchConditions('disease', 2)).toHaveLength(2);
  });
});
