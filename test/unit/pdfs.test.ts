/**
 * The downloadable documents are real one-page PDFs, generated from
 * src/content/documents.ts and documentSummaries.ts by `npm run pdfs`; the committed files must be what
 * the generator makes today.
 */
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { contact } from '../../src/content/contact.ts';
import { WRAP_AT, outputDir, pageLines, pdfDocuments, pdfString, renderPdf } from '../tools/pdfs.ts';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

/** The objects the xref table points at, checked against the file: [object number, offset]. */
function xrefEntries(pdf: string): [number, number][] {
  const startxref = /startxref\n(\d+)\n%%EOF\n$/.exec(pdf);
  if (!startxref) throw new Error('no startxref / %%EOF at the end of the file');
  const xrefAt = Number(startxref[1]);
  expect(pdf.slice(xrefAt, xrefAt + 5)).toBe('xref\n');
  const section = /^xref\n0 (\d+)\n/.exec(pdf.slice(xrefAt));
  if (!section) throw new Error('no xref subsection header');
  const count = Number(section[1]);
  const tableAt = xrefAt + section[0].length;
  const entries: [number, number][] = [];
  for (let i = 0; i < count; i++) {
    // Each entry is exactly 20 bytes: 10-digit offset, generation, type, 2-byte EOL.
    const entry = pdf.slice(tableAt + i * 20, tableAt + (i + 1) * 20);
    const m = /^(\d{10}) (\d{5}) ([nf]) \n$/.exec(entry);
    if (!m) throw new Error(`xref entry ${i} is malformed: ${JSON.stringify(entry)}`);
    if (i === 0) expect([m[2], m[3]]).toEqual(['65535', 'f']);
    else entries.push([i, Number(m[1])]);
  }
  expect(pdf.slice(tableAt + count * 20, tableAt + count * 20 + 8)).toBe('trailer\n');
  expect(pdf).toContain(`/Size ${count}`);
  return entries;
}

/** The text the page shows: the strings of its Tj operators, unescaped. */
function shownText(pdf: string): string {
  return [...pdf.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)]
    .map((m) => (m[1] ?? '').replace(/\\([0-7]{3}|.)/g, (_, e: string) => (e.length === 3 ? String.fromCharCode(parseInt(e, 8)) : e)))
    .join('\n');
}

describe('pdfString', () => {
  test('escapes backslashes and parentheses and writes WinAnsi bytes as octal', () => {
    expect(pdfString('a (b) \\ c')).toBe('(a \\(b\\) \\\\ c)');
    expect(pdfString('8 am \u2013 8 pm, caf\u00e9')).toBe('(8 am \\226 8 pm, caf\\351)');
    expect(() => pdfString('\u4e2d')).toThrow(/WinAnsiEncoding/);
  });
});

describe.each(Object.entries(pdfDocuments))('%s', (_key, doc) => {
  const fresh = renderPdf(doc);
  const pdf = latin1(fresh);

  test(`public/docs/${doc.file} is up to date`, () => {
    const file = `${outputDir}${doc.file}`;
    expect(existsSync(file), `public/docs/${doc.file} is missing: run \`npm run pdfs\``).toBe(true);
    const committed = readFileSync(file);
    expect(latin1(committed) === pdf, `public/docs/${doc.file} is stale: run \`npm run pdfs\` and commit the result`).toBe(true);
  });

  test('is deterministic', () => {
    expect(latin1(renderPdf(doc))).toBe(pdf);
  });

  test('is a PDF with exactly one page', () => {
    expect(pdf.startsWith('%PDF-1.')).toBe(true);
    expect(pdf.match(/\/Type \/Page(?![a-zA-Z])/g)).toHaveLength(1);
    expect(pdf).toContain('/Count 1');
    expect(pdf).toContain('/MediaBox [0 0 612 792]');
  });

  test('the xref offsets point at the objects', () => {
    const entries = xrefEntries(pdf);
    expect(entries.length).toBeGreaterThanOrEqual(6);
    for (const [n, offset] of entries) expect(pdf.slice(offset, offset + `${n} 0 obj\n`.length)).toBe(`${n} 0 obj\n`);
  });

  test('the content stream length is right', () => {
    const m = /<< \/Length (\d+) >>\nstream\n/.exec(pdf);
    if (!m) throw new Error('no content stream');
    const start = m.index + m[0].length;
    expect(pdf.slice(start + Number(m[1]), start + Number(m[1]) + 9)).toBe('endstream');
  });

  test('says what it is, and how to reach the pharmacy', () => {
    const text = shownText(pdf);
    expect(text).toContain(doc.title);
    expect(pdf).toContain(`/Title ${pdfString(doc.title)}`);
    expect(text.replace(/\n/g, ' ')).toContain(doc.summary);
    expect(text).toContain('sample document of the Mail Order Pharmacy portal');
    expect(text).toContain(`${contact.mailOrder.phone} (TTY ${contact.mailOrder.tty})`);
    expect(text).toContain(contact.mailOrder.fax);
    expect(text).toContain(contact.specialty.fax);
    for (const line of contact.mailAddress) expect(text).toContain(line);
    for (const line of pageLines(doc)) expect(line.text.length).toBeLessThanOrEqual(WRAP_AT);
  });
});
