import { describe, expect, test } from 'vitest';
import { allErrors, EMPTY_MEMBER_FORM } from '../../member/rules/memberForm.ts';
import { MONTHS } from './display.ts';
import { formWith, EMPTY_FORM, verificationErrors } from './verification.ts';

const TODAY = '2026-11-27';

/** Whether each form takes the date as a date of birth: the member form's and the link verification's. */
const memberTakes = (month: number, day: string, year: string) => {
  const e = allErrors({ ...EMPTY_MEMBER_FORM, month: MONTHS[month - 1]!, day, year }, TODAY);
  return e.year === null && e.day === null;
};
const linkTakes = (month: number, day: string, year: string) => {
  const form = formWith(formWith(formWith({ ...EMPTY_FORM, zip: '85281' }, 'month', MONTHS[month - 1]!), 'day', day), 'year', year);
  const e = verificationErrors(form, TODAY);
  return e.year === undefined && e.day === undefined;
};

describe('one date-of-birth rule for both flows', () => {
  test('the member form and the link verification take and refuse the same dates', () => {
    const years = ['195', '0958', '1899', '1900', '1905', '1906', '1958', '1960', '2025', '2026', '2027', '19580'];
    const dates: [number, string][] = [[1, '1'], [2, '28'], [2, '29'], [2, '30'], [4, '31'], [11, '27'], [11, '28'], [12, '31']];
    const disagree = years.flatMap((y) => dates.filter(([m, d]) => memberTakes(m, d, y) !== linkTakes(m, d, y)).map(([m, d]) => `${y}-${m}-${d}`));
    expect(disagree).toEqual([]);
    // Some are taken, some refused: the comparison is not between two forms that refuse everything.
    expect([memberTakes(4, '12', '1958'), memberTakes(11, '28', '2026'), memberTakes(2, '29', '1958')]).toEqual([true, false, false]);
  });
});
