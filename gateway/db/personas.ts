/**
 * The demo personas, as data. seed.ts writes them into the database; main.ts
 * prints the table on start; the README lists the same people.
 */
export interface MemberPersona {
  memberNumber: string;
  firstName: string;
  lastName: string;
  born: string; // MM/DD/YYYY as a person types it
  shows: string;
}

export interface LinkPersona {
  path: string;
  born: string;
  zip: string;
  shows: string;
}

export const memberPersonas: readonly MemberPersona[] = [
  { memberNumber: 'MMA100001', firstName: 'Maria', lastName: 'Lopez', born: '04/12/1958', shows: 'registered, nothing missing, profile linked; 14 prescriptions (codes 0-11), 3 doctors' },
  { memberNumber: 'MMA100002', firstName: 'James', lastName: 'Carter', born: '09/30/1971', shows: 'eligible, not registered, 6 prescriptions, no bill-me-later' },
  { memberNumber: 'MMA100003', firstName: 'Linda', lastName: 'Nguyen', born: '01/05/1949', shows: 'registered, missing payment and notifications, bill-me-later' },
  { memberNumber: 'MMA100004', firstName: 'Robert', lastName: 'Smith', born: '06/15/1980', shows: 'not eligible' },
  { memberNumber: 'MMA100005', firstName: 'Aisha', lastName: 'Khan', born: '11/20/1990', shows: 'registered, no prescriptions on file (204)' },
  { memberNumber: 'MMA100006', firstName: 'Carlos', lastName: 'Rivera', born: '03/08/1965', shows: 'registered, California, Part D; missing health info' },
];

export const linkPersonas: readonly LinkPersona[] = [
  { path: '/EasyFill/demo-refill', born: '04/12/1958', zip: '85281', shows: 'refill: 4 prescriptions, 2 addresses, 2 cards' },
  { path: '/EasyFill/demo-newrx', born: '04/12/1958', zip: '85281', shows: 'link type newrx' },
  { path: '/EasyFill/demo-billmelater', born: '01/05/1949', zip: '85004', shows: 'bill-me-later, no card on file' },
  { path: '/EasyFill/demo-expired', born: '04/12/1958', zip: '85281', shows: 'expired link' },
  { path: '/EasyFill/demo-ordered', born: '04/12/1958', zip: '85281', shows: "prescriptions already ordered; See this order's status, verified, shows order 880003" },
  { path: '/EasyFill/demo-locked', born: '04/12/1958', zip: '85281', shows: 'no attempts left' },
  { path: '/autorefill/demo-autorefill', born: '04/12/1958', zip: '85281', shows: 'requested drug, 2 others, 1 expiring, 1 must order first' },
  { path: '/autorefill/demo-partial', born: '04/12/1958', zip: '85281', shows: 'manage answers 207: one drug fails' },
  { path: '/autorefill/demo-expired', born: '04/12/1958', zip: '85281', shows: 'expired link' },
  { path: '/autorefill/demo-nodefaults', born: '01/05/1949', zip: '85004', shows: 'no default payment method' },
];

export interface OrderPersona {
  orderNumber: string;
  born: string;
  zip: string;
  shows: string;
}

/** The seeded orders (seed.ts, in this order: the numbers follow), for the public order check (/order-status). */
export const orderPersonas: readonly OrderPersona[] = [
  { orderNumber: '880001', born: '04/12/1958', zip: '85281', shows: "Maria's transfer request: 1 waiting for the doctor (asked again), 2 shipped" },
  { orderNumber: '880002', born: '01/05/1949', zip: '85004', shows: "Linda's refill order, delivered (bill me later)" },
  { orderNumber: '880003', born: '04/12/1958', zip: '85281', shows: 'the order of /EasyFill/demo-ordered, being filled' },
  { orderNumber: '880004', born: '04/12/1958', zip: '85281', shows: 'payment declined (update the card)' },
  { orderNumber: '880005', born: '04/12/1958', zip: '85281', shows: 'shipped, shipment delayed' },
  { orderNumber: '880006', born: '04/12/1958', zip: '85281', shows: 'transfer: 1 could not be transferred (why), 1 prescription received' },
  { orderNumber: '880007', born: '04/12/1958', zip: '85281', shows: 'refill order just received' },
  { orderNumber: '880008', born: '11/20/1990', zip: '85201', shows: "Aisha's transfer request, requested" },
];

export const testCards = [
  { number: '4111111111111111', brand: 'Visa' },
  { number: '5555555555554444', brand: 'Mastercard' },
  { number: '378282246310005', brand: 'Amex' },
  { number: '6011111111111117', brand: 'Discover' },
] as const;

export function personaSummary(url: string): string {
  const pad = (s: string, n: number) => s.padEnd(n);
  const lines = ['Members (/memberInfo): member number, first, last, date of birth'];
  for (const m of memberPersonas) {
    lines.push(`  ${pad(m.memberNumber, 10)} ${pad(m.firstName, 7)} ${pad(m.lastName, 7)} ${m.born}  ${m.shows}`);
  }
  lines.push('Links: verify with date of birth and zip');
  for (const l of linkPersonas) lines.push(`  ${pad(url + l.path, 52)} ${l.born} ${l.zip}  ${l.shows}`);
  lines.push('Orders (Check order status): order number, date of birth, zip');
  for (const o of orderPersonas) lines.push(`  ${pad(o.orderNumber, 10)} ${o.born} ${o.zip}  ${o.shows}`);
  lines.push(`Test cards: ${testCards.map((c) => `${c.number} ${c.brand}`).join(', ')}`);
  return lines.join('\n');
}
