/**
 * Reference allergy and medical-condition lists for the demo mail-order
 * pharmacy portal (patient health profile).
 *
 * WHAT IS REAL AND WHAT IS NOT: the descriptions are real allergy groups,
 * ingredients and chronic conditions, written in upper case the way pharmacy
 * systems list them. The reference numbers (allergyRefNum, diseaseRefNum)
 * are ILLUSTRATIVE: they are stable within this portal but are not taken
 * from First Databank, Medi-Span or any other compendium. The two "none"
 * entries ('00153' NO KNOWN DRUG ALLERGY, 0 NO REPORTED MEDICAL CONDITIONS)
 * are the portal's fixed codes for an explicit "none" answer; they are never
 * offered by search or in the common lists.
 *
 * Apart from the "none" entry first, each list is sorted by description.
 */

export interface RefAllergy {
  allergyRefNum: string;
  allergyDesc: string;
  common: boolean;
}

export interface RefCondition {
  diseaseRefNum: number;
  diseaseDesc: string;
  common: boolean;
}

export const NONE_ALLERGY_REF = '00153';
export const NONE_CONDITION_REF = 0;

export const allergies: readonly RefAllergy[] = [
  { allergyRefNum: '00153', allergyDesc: 'NO KNOWN DRUG ALLERGY', common: false },
  { allergyRefNum: '00360', allergyDesc: 'ACE INHIBITORS', common: false },
  { allergyRefNum: '00311', allergyDesc: 'ACETAMINOPHEN', common: false },
  { allergyRefNum: '00584', allergyDesc: 'ADHESIVE TAPE', common: false },
  { allergyRefNum: '00430', allergyDesc: 'ALLOPURINOL', common: false },
  { allergyRefNum: '00283', allergyDesc: 'AMINOGLYCOSIDES', common: false },
  { allergyRefNum: '00171', allergyDesc: 'AMOXICILLIN', common: false },
  { allergyRefNum: '00178', allergyDesc: 'AMPICILLIN', common: false },
  { allergyRefNum: '00367', allergyDesc: 'ANGIOTENSIN II RECEPTOR BLOCKERS', common: false },
  { allergyRefNum: '00423', allergyDesc: 'ANTICONVULSANTS', common: false },
  { allergyRefNum: '00122', allergyDesc: 'ASPIRIN', common: true },
  { allergyRefNum: '00185', allergyDesc: 'AZITHROMYCIN', common: false },
  { allergyRefNum: '00570', allergyDesc: 'BACITRACIN', common: false },
  { allergyRefNum: '00472', allergyDesc: 'BARBITURATES', common: false },
  { allergyRefNum: '00542', allergyDesc: 'BENZOCAINE', common: false },
  { allergyRefNum: '00465', allergyDesc: 'BENZODIAZEPINES', common: false },
  { allergyRefNum: '00374', allergyDesc: 'BETA BLOCKERS', common: false },
  { allergyRefNum: '00402', allergyDesc: 'CARBAMAZEPINE', common: false },
  { allergyRefNum: '00276', allergyDesc: 'CARBAPENEMS', common: false },
  { allergyRefNum: '00304', allergyDesc: 'CELECOXIB', common: false },
  { allergyRefNum: '00136', allergyDesc: 'CEPHALOSPORINS', common: true },
  { allergyRefNum: '00577', allergyDesc: 'CHLORHEXIDINE', common: false },
  { allergyRefNum: '00227', allergyDesc: 'CIPROFLOXACIN', common: false },
  { allergyRefNum: '00192', allergyDesc: 'CLARITHROMYCIN', common: false },
  { allergyRefNum: '00248', allergyDesc: 'CLINDAMYCIN', common: false },
  { allergyRefNum: '00115', allergyDesc: 'CODEINE', common: true },
  { allergyRefNum: '00521', allergyDesc: 'CORTICOSTEROIDS', common: false },
  { allergyRefNum: '00213', allergyDesc: 'DOXYCYCLINE', common: false },
  { allergyRefNum: '00619', allergyDesc: 'EGGS', common: false },
  { allergyRefNum: '00157', allergyDesc: 'ERYTHROMYCIN', common: true },
  { allergyRefNum: '00353', allergyDesc: 'FENTANYL', common: false },
  { allergyRefNum: '00647', allergyDesc: 'FISH', common: false },
  { allergyRefNum: '00220', allergyDesc: 'FLUOROQUINOLONES', common: false },
  { allergyRefNum: '00556', allergyDesc: 'GADOLINIUM CONTRAST MEDIA', common: false },
  { allergyRefNum: '00612', allergyDesc: 'GELATIN', common: false },
  { allergyRefNum: '00507', allergyDesc: 'HALOPERIDOL', common: false },
  { allergyRefNum: '00437', allergyDesc: 'HEPARIN', common: false },
  { allergyRefNum: '00325', allergyDesc: 'HYDROCODONE', common: false },
  { allergyRefNum: '00290', allergyDesc: 'IBUPROFEN', common: false },
  { allergyRefNum: '00682', allergyDesc: 'INSECT STINGS (BEE VENOM)', common: false },
  { allergyRefNum: '00451', allergyDesc: 'INSULIN', common: false },
  { allergyRefNum: '00549', allergyDesc: 'IODINATED CONTRAST MEDIA', common: false },
  { allergyRefNum: '00164', allergyDesc: 'IODINE', common: true },
  { allergyRefNum: '00416', allergyDesc: 'LAMOTRIGINE', common: false },
  { allergyRefNum: '00143', allergyDesc: 'LATEX', common: true },
  { allergyRefNum: '00234', allergyDesc: 'LEVOFLOXACIN', common: false },
  { allergyRefNum: '00535', allergyDesc: 'LIDOCAINE', common: false },
  { allergyRefNum: '00528', allergyDesc: 'LOCAL ANESTHETICS (AMIDE TYPE)', common: false },
  { allergyRefNum: '00395', allergyDesc: 'LOOP DIURETICS', common: false },
  { allergyRefNum: '00199', allergyDesc: 'MACROLIDE ANTIBIOTICS', common: false },
  { allergyRefNum: '00339', allergyDesc: 'MEPERIDINE', common: false },
  { allergyRefNum: '00458', allergyDesc: 'METFORMIN', common: false },
  { allergyRefNum: '00500', allergyDesc: 'METOCLOPRAMIDE', common: false },
  { allergyRefNum: '00262', allergyDesc: 'METRONIDAZOLE', common: false },
  { allergyRefNum: '00654', allergyDesc: 'MILK', common: false },
  { allergyRefNum: '00150', allergyDesc: 'MORPHINE', common: true },
  { allergyRefNum: '00297', allergyDesc: 'NAPROXEN', common: false },
  { allergyRefNum: '00563', allergyDesc: 'NEOMYCIN', common: false },
  { allergyRefNum: '00591', allergyDesc: 'NICKEL', common: false },
  { allergyRefNum: '00255', allergyDesc: 'NITROFURANTOIN', common: false },
  { allergyRefNum: '00129', allergyDesc: 'NSAIDS', common: true },
  { allergyRefNum: '00318', allergyDesc: 'OPIOID ANALGESICS', common: false },
  { allergyRefNum: '00332', allergyDesc: 'OXYCODONE', common: false },
  { allergyRefNum: '00626', allergyDesc: 'PEANUTS', common: false },
  { allergyRefNum: '00101', allergyDesc: 'PENICILLINS', common: true },
  { allergyRefNum: '00479', allergyDesc: 'PHENOTHIAZINES', common: false },
  { allergyRefNum: '00409', allergyDesc: 'PHENYTOIN', common: false },
  { allergyRefNum: '00493', allergyDesc: 'PROCHLORPERAZINE', common: false },
  { allergyRefNum: '00486', allergyDesc: 'PROMETHAZINE', common: false },
  { allergyRefNum: '00514', allergyDesc: 'SEROTONIN REUPTAKE INHIBITORS (SSRIS)', common: false },
  { allergyRefNum: '00675', allergyDesc: 'SESAME', common: false },
  { allergyRefNum: '00640', allergyDesc: 'SHELLFISH', common: false },
  { allergyRefNum: '00661', allergyDesc: 'SOY', common: false },
  { allergyRefNum: '00381', allergyDesc: 'STATINS (HMG-COA REDUCTASE INHIBITORS)', common: false },
  { allergyRefNum: '00108', allergyDesc: 'SULFA (SULFONAMIDE ANTIBIOTICS)', common: true },
  { allergyRefNum: '00598', allergyDesc: 'SULFITES', common: false },
  { allergyRefNum: '00605', allergyDesc: 'TARTRAZINE (FD&C YELLOW NO. 5)', common: false },
  { allergyRefNum: '00206', allergyDesc: 'TETRACYCLINES', common: false },
  { allergyRefNum: '00388', allergyDesc: 'THIAZIDE DIURETICS', common: false },
  { allergyRefNum: '00346', allergyDesc: 'TRAMADOL', common: false },
  { allergyRefNum: '00633', allergyDesc: 'TREE NUTS', common: false },
  { allergyRefNum: '00269', allergyDesc: 'TRIMETHOPRIM', common: false },
  { allergyRefNum: '00241', allergyDesc: 'VANCOMYCIN', common: false },
  { allergyRefNum: '00444', allergyDesc: 'WARFARIN', common: false },
  { allergyRefNum: '00668', allergyDesc: 'WHEAT', common: false },
];

export const conditions: readonly RefCondition[] = [
  { diseaseRefNum: 0, diseaseDesc: 'NO REPORTED MEDICAL CONDITIONS', common: false },
  { diseaseRefNum: 641, diseaseDesc: 'ALLERGIC RHINITIS', common: false },
  { diseaseRefNum: 453, diseaseDesc: 'ALZHEIMER\'S DISEASE', common: false },
  { diseaseRefNum: 663, diseaseDesc: 'ANEMIA', common: false },
  { diseaseRefNum: 151, diseaseDesc: 'ANGINA PECTORIS', common: false },
  { diseaseRefNum: 361, diseaseDesc: 'ANKYLOSING SPONDYLITIS', common: false },
  { diseaseRefNum: 486, diseaseDesc: 'ANXIETY DISORDER', common: false },
  { diseaseRefNum: 44, diseaseDesc: 'ASTHMA', common: true },
  { diseaseRefNum: 652, diseaseDesc: 'ATOPIC DERMATITIS (ECZEMA)', common: false },
  { diseaseRefNum: 92, diseaseDesc: 'ATRIAL FIBRILLATION', common: true },
  { diseaseRefNum: 512, diseaseDesc: 'ATTENTION DEFICIT HYPERACTIVITY DISORDER', common: false },
  { diseaseRefNum: 265, diseaseDesc: 'BENIGN PROSTATIC HYPERPLASIA', common: false },
  { diseaseRefNum: 490, diseaseDesc: 'BIPOLAR DISORDER', common: false },
  { diseaseRefNum: 766, diseaseDesc: 'BREAST CANCER', common: false },
  { diseaseRefNum: 195, diseaseDesc: 'CARDIAC ARRHYTHMIA', common: false },
  { diseaseRefNum: 593, diseaseDesc: 'CHRONIC CONSTIPATION', common: false },
  { diseaseRefNum: 615, diseaseDesc: 'CHRONIC HEPATITIS B', common: false },
  { diseaseRefNum: 626, diseaseDesc: 'CHRONIC HEPATITIS C', common: false },
  { diseaseRefNum: 243, diseaseDesc: 'CHRONIC KIDNEY DISEASE', common: false },
  { diseaseRefNum: 405, diseaseDesc: 'CHRONIC LOW BACK PAIN', common: false },
  { diseaseRefNum: 792, diseaseDesc: 'CHRONIC LYMPHOCYTIC LEUKEMIA', common: false },
  { diseaseRefNum: 781, diseaseDesc: 'CHRONIC MYELOID LEUKEMIA', common: false },
  { diseaseRefNum: 394, diseaseDesc: 'CHRONIC PAIN', common: false },
  { diseaseRefNum: 604, diseaseDesc: 'CIRRHOSIS OF THE LIVER', common: false },
  { diseaseRefNum: 55, diseaseDesc: 'COPD', common: true },
  { diseaseRefNum: 136, diseaseDesc: 'CORONARY ARTERY DISEASE', common: false },
  { diseaseRefNum: 571, diseaseDesc: 'CROHN\'S DISEASE', common: false },
  { diseaseRefNum: 755, diseaseDesc: 'CYSTIC FIBROSIS', common: false },
  { diseaseRefNum: 206, diseaseDesc: 'DEEP VEIN THROMBOSIS', common: false },
  { diseaseRefNum: 81, diseaseDesc: 'DEPRESSION', common: true },
  { diseaseRefNum: 744, diseaseDesc: 'DRY EYE DISEASE', common: false },
  { diseaseRefNum: 431, diseaseDesc: 'EPILEPSY (SEIZURE DISORDER)', common: false },
  { diseaseRefNum: 280, diseaseDesc: 'ERECTILE DYSFUNCTION', common: false },
  { diseaseRefNum: 383, diseaseDesc: 'FIBROMYALGIA', common: false },
  { diseaseRefNum: 70, diseaseDesc: 'GERD', common: true },
  { diseaseRefNum: 722, diseaseDesc: 'GLAUCOMA', common: false },
  { diseaseRefNum: 324, diseaseDesc: 'GOUT', common: false },
  { diseaseRefNum: 140, diseaseDesc: 'HEART FAILURE', common: false },
  { diseaseRefNum: 162, diseaseDesc: 'HISTORY OF MYOCARDIAL INFARCTION', common: false },
  { diseaseRefNum: 173, diseaseDesc: 'HISTORY OF STROKE', common: false },
  { diseaseRefNum: 630, diseaseDesc: 'HIV INFECTION', common: false },
  { diseaseRefNum: 33, diseaseDesc: 'HYPERLIPIDEMIA', common: true },
  { diseaseRefNum: 11, diseaseDesc: 'HYPERTENSION', common: true },
  { diseaseRefNum: 232, diseaseDesc: 'HYPERTHYROIDISM', common: false },
  { diseaseRefNum: 291, diseaseDesc: 'HYPOGONADISM', common: false },
  { diseaseRefNum: 700, diseaseDesc: 'HYPOKALEMIA', common: false },
  { diseaseRefNum: 66, diseaseDesc: 'HYPOTHYROIDISM', common: true },
  { diseaseRefNum: 523, diseaseDesc: 'INSOMNIA', common: false },
  { diseaseRefNum: 674, diseaseDesc: 'IRON DEFICIENCY ANEMIA', common: false },
  { diseaseRefNum: 560, diseaseDesc: 'IRRITABLE BOWEL SYNDROME', common: false },
  { diseaseRefNum: 254, diseaseDesc: 'KIDNEY STONES', common: false },
  { diseaseRefNum: 733, diseaseDesc: 'MACULAR DEGENERATION', common: false },
  { diseaseRefNum: 302, diseaseDesc: 'MENOPAUSAL SYMPTOMS', common: false },
  { diseaseRefNum: 420, diseaseDesc: 'MIGRAINE', common: false },
  { diseaseRefNum: 803, diseaseDesc: 'MULTIPLE MYELOMA', common: false },
  { diseaseRefNum: 464, diseaseDesc: 'MULTIPLE SCLEROSIS', common: false },
  { diseaseRefNum: 711, diseaseDesc: 'OBESITY', common: false },
  { diseaseRefNum: 534, diseaseDesc: 'OBSTRUCTIVE SLEEP APNEA', common: false },
  { diseaseRefNum: 545, diseaseDesc: 'OPIOID USE DISORDER', common: false },
  { diseaseRefNum: 103, diseaseDesc: 'OSTEOARTHRITIS', common: true },
  { diseaseRefNum: 313, diseaseDesc: 'OSTEOPOROSIS', common: false },
  { diseaseRefNum: 276, diseaseDesc: 'OVERACTIVE BLADDER', common: false },
  { diseaseRefNum: 442, diseaseDesc: 'PARKINSON\'S DISEASE', common: false },
  { diseaseRefNum: 556, diseaseDesc: 'PEPTIC ULCER DISEASE', common: false },
  { diseaseRefNum: 184, diseaseDesc: 'PERIPHERAL ARTERY DISEASE', common: false },
  { diseaseRefNum: 416, diseaseDesc: 'PERIPHERAL NEUROPATHY', common: false },
  { diseaseRefNum: 125, diseaseDesc: 'PREDIABETES', common: false },
  { diseaseRefNum: 770, diseaseDesc: 'PROSTATE CANCER', common: false },
  { diseaseRefNum: 346, diseaseDesc: 'PSORIASIS', common: false },
  { diseaseRefNum: 350, diseaseDesc: 'PSORIATIC ARTHRITIS', common: false },
  { diseaseRefNum: 210, diseaseDesc: 'PULMONARY EMBOLISM', common: false },
  { diseaseRefNum: 221, diseaseDesc: 'PULMONARY HYPERTENSION', common: false },
  { diseaseRefNum: 475, diseaseDesc: 'RESTLESS LEGS SYNDROME', common: false },
  { diseaseRefNum: 335, diseaseDesc: 'RHEUMATOID ARTHRITIS', common: false },
  { diseaseRefNum: 501, diseaseDesc: 'SCHIZOPHRENIA', common: false },
  { diseaseRefNum: 372, diseaseDesc: 'SYSTEMIC LUPUS ERYTHEMATOSUS', common: false },
  { diseaseRefNum: 114, diseaseDesc: 'TYPE 1 DIABETES MELLITUS', common: false },
  { diseaseRefNum: 22, diseaseDesc: 'TYPE 2 DIABETES MELLITUS', common: true },
  { diseaseRefNum: 582, diseaseDesc: 'ULCERATIVE COLITIS', common: false },
  { diseaseRefNum: 696, diseaseDesc: 'VITAMIN B12 DEFICIENCY', common: false },
  { diseaseRefNum: 685, diseaseDesc: 'VITAMIN D DEFICIENCY', common: false },
];

/**
 * Case-insensitive search over descriptions, excluding the "none" entries.
 * Descriptions that start with the text come first, then those that only
 * contain it, each group in list order. Text shorter than 3 characters
 * (after trimming) returns [].
 */
function searchByText<T>(
  items: readonly T[],
  desc: (item: T) => string,
  isNone: (item: T) => boolean,
  text: string,
  limit: number,
): T[] {
  const needle = text.trim().toLowerCase();
  if (needle.length < 3 || limit <= 0) return [];
  const prefix: T[] = [];
  const contains: T[] = [];
  for (const item of items) {
    if (isNone(item)) continue;
    const d = desc(item).toLowerCase();
    if (d.startsWith(needle)) prefix.push(item);
    else if (d.includes(needle)) contains.push(item);
  }
  return prefix.concat(contains).slice(0, limit);
}

export function searchAllergies(text: string, limit = 20): RefAllergy[] {
  return searchByText(allergies, (a) => a.allergyDesc, (a) => a.allergyRefNum === NONE_ALLERGY_REF, text, limit);
}

export function searchConditions(text: string, limit = 20): RefCondition[] {
  return searchByText(conditions, (c) => c.diseaseDesc, (c) => c.diseaseRefNum === NONE_CONDITION_REF, text, limit);
}

/** Allergies to offer as one-click choices; never includes the "none" entry. */
export function commonAllergies(): RefAllergy[] {
  return allergies.filter((a) => a.common && a.allergyRefNum !== NONE_ALLERGY_REF);
}

/** Conditions to offer as one-click choices; never includes the "none" entry. */
export function commonConditions(): RefCondition[] {
  return conditions.filter((c) => c.common && c.diseaseRefNum !== NONE_CONDITION_REF);
}
