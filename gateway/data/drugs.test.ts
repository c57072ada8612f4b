import { describe, it, expect } from 'vitest';
import { drugCatalog, searchDrugs, type CatalogDrug } from './drugs.js';

function byGeneric(generic: string): CatalogDrug[] {
  return drugCatalog.filter((d) => d.genericName === generic);
}

function route(d: CatalogDrug): string {
  if (d.dosageForm === 'nasal spray') return 'nasal';
  if (d.dosageForm === 'ophthalmic solution') return 'ophthalmic';
  if (d.dosageForm.startsWith('inhalation') || d.dosageForm.startsWith('nebulizer')) return 'inhalation';
  return 'systemic';
}

describe('drugCatalog', () => {
  it('has at least 220 entries', () => {
    expect(drugCatalog.length).toBeGreaterThanOrEqual(220);
  });

  it('has unique 11-digit NDCs', () => {
    for (const d of drugCatalog) expect(d.ndc, d.labelName).toMatch(/^\d{11}$/);
    expect(new Set(drugCatalog.map((d) => d.ndc)).size).toBe(drugCatalog.length);
  });

  it('has 14-character GPIs', () => {
    for (const d of drugCatalog) expect(d.gpi, d.labelName).toMatch(/^\d{14}$/);
  });

  it('uses one 10-digit GPI prefix per generic and route', () => {
    const prefixes = new Map<string, Set<string>>();
    for (const d of drugCatalog) {
      const key = `${d.genericName}|${route(d)}`;
      const set = prefixes.get(key) ?? new Set<string>();
      set.add(d.gpi.slice(0, 10));
      prefixes.set(key, set);
    }
    for (const [key, set] of prefixes) expect([...set], key).toHaveLength(1);
  });

  it('never shares a GPI between different generic, form and strength products', () => {
    const seen = new Map<string, string>();
    for (const d of drugCatalog) {
      const key = `${d.genericName}|${d.dosageForm}|${d.strength}`;
      const other = seen.get(d.gpi);
      if (other !== undefined) expect(other, d.gpi).toBe(key);
      seen.set(d.gpi, key);
    }
  });

  it('is sorted by labelName', () => {
    for (let i = 1; i < drugCatalog.length; i++) {
      const prev = drugCatalog[i - 1]!.labelName;
      const cur = drugCatalog[i]!.labelName;
      expect(prev <= cur, `${prev} > ${cur}`).toBe(true);
    }
  });

  it('has complete, upper-case label names that carry the strength', () => {
    for (const d of drugCatalog) {
      for (const v of [d.labelName, d.brandName, d.genericName, d.strength, d.dosageForm]) expect(v.trim()).not.toBe('');
      expect(d.labelName).toBe(d.labelName.toUpperCase());
      expect(d.labelName).toContain(d.strength.toUpperCase());
    }
  });

  it('puts therapeutic classes in the expected GPI drug groups', () => {
    const groups: Array<[string, string]> = [
      ['atorvastatin calcium', '39'],
      ['rosuvastatin calcium', '39'],
      ['lisinopril', '36'],
      ['losartan potassium', '36'],
      ['metoprolol succinate', '33'],
      ['amlodipine besylate', '34'],
      ['hydrochlorothiazide', '37'],
      ['furosemide', '37'],
      ['metformin hydrochloride', '27'],
      ['insulin glargine', '27'],
      ['levothyroxine sodium', '28'],
      ['sertraline hydrochloride', '58'],
      ['duloxetine hydrochloride', '58'],
      ['omeprazole', '49'],
      ['albuterol sulfate', '44'],
      ['montelukast sodium', '44'],
      ['warfarin sodium', '83'],
      ['apixaban', '83'],
      ['clopidogrel bisulfate', '85'],
      ['allopurinol', '68'],
      ['potassium chloride', '79'],
      ['alendronate sodium', '30'],
      ['latanoprost', '86'],
      ['amoxicillin', '01'],
      ['prednisone', '22'],
    ];
    for (const [generic, group] of groups) {
      const rows = byGeneric(generic);
      expect(rows.length, generic).toBeGreaterThan(0);
      for (const d of rows) expect(d.gpi.slice(0, 2), d.labelName).toBe(group);
    }
  });

  it('contains the maintenance samples the portal relies on, with several strengths', () => {
    const multi = ['atorvastatin calcium', 'lisinopril', 'losartan potassium', 'metformin hydrochloride', 'levothyroxine sodium', 'sertraline hydrochloride', 'amlodipine besylate'];
    for (const g of multi) expect(byGeneric(g).length, g).toBeGreaterThanOrEqual(3);
    const atorva20 = drugCatalog.find((d) => d.labelName === 'ATORVASTATIN CALCIUM 20 MG TABLET');
    expect(atorva20).toMatchObject({ brandName: 'Lipitor', genericName: 'atorvastatin calcium', strength: '20 mg', dosageForm: 'tablet', maintenance: true, controlledClass: 0, specialty: false });
    for (const g of ['tamsulosin hydrochloride', 'latanoprost', 'allopurinol', 'alendronate sodium', 'apixaban', 'clopidogrel bisulfate', 'tiotropium bromide']) {
      expect(byGeneric(g).every((d) => d.maintenance), g).toBe(true);
    }
  });

  it('marks antibiotics and short-course steroids as non-maintenance', () => {
    for (const g of ['amoxicillin', 'azithromycin', 'cephalexin', 'ciprofloxacin hydrochloride', 'prednisone', 'methylprednisolone']) {
      const rows = byGeneric(g);
      expect(rows.length, g).toBeGreaterThan(0);
      expect(rows.every((d) => !d.maintenance), g).toBe(true);
    }
  });

  it('has at least 10 controlled entries with the right schedules', () => {
    expect(drugCatalog.filter((d) => d.controlledClass !== 0).length).toBeGreaterThanOrEqual(10);
    const schedules: Array<[string, number]> = [
      ['oxycodone hydrochloride', 2],
      ['hydrocodone bitartrate-acetaminophen', 2],
      ['methylphenidate hydrochloride', 2],
      ['dextroamphetamine-amphetamine mixed salts', 2],
      ['testosterone cypionate', 3],
      ['tramadol hydrochloride', 4],
      ['alprazolam', 4],
      ['zolpidem tartrate', 4],
      ['lorazepam', 4],
      ['pregabalin', 5],
    ];
    for (const [g, c] of schedules) {
      const rows = byGeneric(g);
      expect(rows.length, g).toBeGreaterThan(0);
      for (const d of rows) expect(d.controlledClass, d.labelName).toBe(c);
    }
  });

  it('has at least 5 specialty entries including the biologics and oral oncology', () => {
    expect(drugCatalog.filter((d) => d.specialty).length).toBeGreaterThanOrEqual(5);
    for (const g of ['adalimumab', 'etanercept', 'ustekinumab', 'dupilumab', 'imatinib mesylate']) {
      const rows = byGeneric(g);
      expect(rows.length, g).toBeGreaterThan(0);
      expect(rows.every((d) => d.specialty), g).toBe(true);
    }
    expect(byGeneric('lisinopril').some((d) => d.specialty)).toBe(false);
  });
});

describe('searchDrugs', () => {
  it('finds atorvastatin by a 4-letter prefix, in any case', () => {
    const hits = searchDrugs('ator');
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.some((d) => d.genericName === 'atorvastatin calcium')).toBe(true);
    expect(searchDrugs('ATORVA').map((d) => d.ndc)).toEqual(searchDrugs('atorva').map((d) => d.ndc));
  });

  it('matches brand names and generic names', () => {
    expect(searchDrugs('lipitor').every((d) => d.genericName === 'atorvastatin calcium')).toBe(true);
    expect(searchDrugs('lipitor').length).toBe(4);
    expect(searchDrugs('eliquis').map((d) => d.genericName)).toEqual(['apixaban', 'apixaban']);
  });

  it('returns [] for fewer than 3 characters', () => {
    expect(searchDrugs('li')).toEqual([]);
    expect(searchDrugs('')).toEqual([]);
    expect(searchDrugs('  a ')).toEqual([]);
  });

  it('lists prefix matches before contains matches', () => {
    const hits = searchDrugs('metformin');
    const firstContains = hits.findIndex((d) => !d.labelName.startsWith('METFORMIN') && !d.genericName.startsWith('metformin') && !d.brandName.toLowerCase().startsWith('metformin'));
    expect(firstContains).toBeGreaterThan(0);
    expect(hits.slice(firstContains).some((d) => d.brandName === 'Janumet')).toBe(true);
    expect(hits.slice(0, firstContains).every((d) => d.labelName.startsWith('METFORMIN'))).toBe(true);
  });

  it('respects the limit (default 30)', () => {
    expect(searchDrugs('tablet').length).toBe(30);
    expect(searchDrugs('tablet', 5)).toHaveLength(5);
    expect(searchDrugs('tablet', 0)).toEqual([]);
  });

  it('returns [] when nothing matches', () => {
    expect(searchDrugs('zzzqqq')).toEqual([]);
  });
});
