/**
 * The US state and territory list the product carries (member-transfer-flow.md
 * section 1: 59 entries, coded 01 to 59): the 50 states, the District of
 * Columbia and 8 territories and freely associated states, by name.
 */
export interface UsState {
  /** Two-digit list code, '01' to '59'. */
  code: string;
  /** The 2-letter postal abbreviation (what the doctor and pharmacy forms store). */
  abbreviation: string;
  name: string;
}

const NAMES: readonly (readonly [string, string])[] = [
  ['AL', 'Alabama'], ['AK', 'Alaska'], ['AS', 'American Samoa'], ['AZ', 'Arizona'], ['AR', 'Arkansas'],
  ['CA', 'California'], ['CO', 'Colorado'], ['CT', 'Connecticut'], ['DE', 'Delaware'], ['DC', 'District of Columbia'],
  ['FM', 'Federated States of Micronesia'], ['FL', 'Florida'], ['GA', 'Georgia'], ['GU', 'Guam'], ['HI', 'Hawaii'],
  ['ID', 'Idaho'], ['IL', 'Illinois'], ['IN', 'Indiana'], ['IA', 'Iowa'], ['KS', 'Kansas'],
  ['KY', 'Kentucky'], ['LA', 'Louisiana'], ['ME', 'Maine'], ['MH', 'Marshall Islands'], ['MD', 'Maryland'],
  ['MA', 'Massachusetts'], ['MI', 'Michigan'], ['MN', 'Minnesota'], ['MS', 'Mississippi'], ['MO', 'Missouri'],
  ['MT', 'Montana'], ['NE', 'Nebraska'], ['NV', 'Nevada'], ['NH', 'New Hampshire'], ['NJ', 'New Jersey'],
  ['NM', 'New Mexico'], ['NY', 'New York'], ['NC', 'North Carolina'], ['ND', 'North Dakota'], ['MP', 'Northern Mariana Islands'],
  ['OH', 'Ohio'], ['OK', 'Oklahoma'], ['OR', 'Oregon'], ['PW', 'Palau'], ['PA', 'Pennsylvania'],
  ['PR', 'Puerto Rico'], ['RI', 'Rhode Island'], ['SC', 'South Carolina'], ['SD', 'South Dakota'], ['TN', 'Tennessee'],
  ['TX', 'Texas'], ['UT', 'Utah'], ['VT', 'Vermont'], ['VI', 'Virgin Islands'], ['VA', 'Virginia'],
  ['WA', 'Washington'], ['WV', 'West Virginia'], ['WI', 'Wisconsin'], ['WY', 'Wyoming'],
];

export const US_STATES: readonly UsState[] = NAMES.map(([abbreviation, name], i) => ({
  code: String(i + 1).padStart(2, '0'),
  abbreviation,
  name,
}));

/** The state with this 2-letter abbreviation (any case), or null. */
export function stateByAbbreviation(text: string): UsState | null {
  const t = text.trim().toUpperCase();
  return US_STATES.find((s) => s.abbreviation === t) ?? null;
}
