/**
 * The transfer status codes' table lives in machines/member/rules/transferList.ts; the gateway imports
 * it. The contract keeps its own words for it (TransferStatusCode's enum and description, the example of
 * TransferRxStatusInfo): these tests fail when those words disagree with the table.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { CONTRACT_PATH } from '../../gateway/app.ts';
import { DISPLAY_ORDER, TRANSFER_CODES } from '../../machines/member/rules/transferList.ts';

const schemas = parse(readFileSync(CONTRACT_PATH, 'utf8')).components.schemas;
const codes = Object.keys(TRANSFER_CODES).map(Number);
/** The numbers the description lists after `label:` (up to the sentence's end). */
const listed = (label: string): number[] => {
  const text: string = schemas.TransferStatusCode.description;
  const found = new RegExp(`${label}:\\s*([\\d,\\s]+)\\.`).exec(text);
  expect(found, `TransferStatusCode's description says '${label}: …'`).not.toBeNull();
  return found![1]!.split(',').map((n) => Number(n.trim()));
};

describe("the contract's transfer status codes", () => {
  it('are the table’s codes', () => {
    expect(schemas.TransferStatusCode.enum).toEqual(codes);
  });

  it('say which codes can be selected, as the table does', () => {
    expect(listed('Selectable')).toEqual(codes.filter((c) => TRANSFER_CODES[c as keyof typeof TRANSFER_CODES].selectable));
  });

  it('give the display order the gateway sorts by', () => {
    expect(listed('Display order')).toEqual([...DISPLAY_ORDER]);
  });

  it("name a code in their example as the gateway does", () => {
    const example = schemas.TransferRxStatusInfo.example;
    expect(example.description).toBe(TRANSFER_CODES[example.code as keyof typeof TRANSFER_CODES].description);
  });
});
