/**
 * Generates the downloadable documents (src/content/documents.ts) as real,
 * valid one-page PDFs in public/docs/: `npm run pdfs`.
 *
 * No dependency: the PDF 1.4 syntax is written by hand. One page (US Letter,
 * 612 x 792 pt), the standard-14 Helvetica and Helvetica-Bold fonts with
 * WinAnsiEncoding (no embedding), one uncompressed content stream, a classic
 * xref table with byte offsets and a trailer whose /Info names the title.
 * The output carries no date or id, so the same list always gives the same
 * bytes; test/unit/pdfs.test.ts fails when a committed file is stale.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { contact } from '../../src/content/contact.ts';
import { documents, type DocumentKey, type SiteDocument } from '../../src/content/documents.ts';
import { documentSummaries } from '../../src/content/documentSummaries.ts';

/** A document with what it says it is: what the PDF is made from. */
export type PdfDocument = SiteDocument & { readonly summary: string };

/** Every document to generate, by its key. */
export const pdfDocuments = Object.fromEntries(
  Object.entries(documents).map(([key, doc]) => [key, { ...doc, summary: documentSummaries[key as DocumentKey] }]),
) as Record<DocumentKey, PdfDocument>;

const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN = 72;
/** Body text wraps at this many characters (10 pt Helvetica: about 450 pt, inside the 468 pt measure). */
export const WRAP_AT = 90;

const SITE = 'Mail Order Pharmacy';

/** Characters outside printable ASCII that WinAnsiEncoding has, as their byte. */
const winAnsiExtras: Record<string, number> = {
  '\u2018': 0x91, // left single quote
  '\u2019': 0x92, // right single quote
  '\u201c': 0x93, // left double quote
  '\u201d': 0x94, // right double quote
  '\u2022': 0x95, // bullet
  '\u2013': 0x96, // en dash
  '\u2014': 0x97, // em dash
  '\u2122': 0x99, // trade mark
};

/**
 * A PDF literal string: backslash and parentheses escaped, everything outside
 * printable ASCII written as an octal escape of its WinAnsi byte, so the file
 * body stays 7-bit. Throws on a character the encoding cannot show.
 */
export function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0;
    if (ch === '\\' || ch === '(' || ch === ')') out += `\\${ch}`;
    else if (code >= 0x20 && code <= 0x7e) out += ch;
    else {
      const byte = winAnsiExtras[ch] ?? (code >= 0xa0 && code <= 0xff ? code : undefined);
      if (byte === undefined) throw new Error(`Character U+${code.toString(16).padStart(4, '0')} in ${JSON.stringify(text)} has no WinAnsiEncoding byte`);
      out += `\\${byte.toString(8).padStart(3, '0')}`;
    }
  }
  return `${out})`;
}

/** Greedy word wrap; a word longer than the width gets a line of its own. */
export function wrap(text: string, width = WRAP_AT): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

type Font = 'F1' | 'F2';
interface TextLine {
  font: Font;
  size: number;
  text: string;
  /** Space above the line's baseline, from the previous baseline. */
  lead: number;
}

/** What the one page says, top to bottom. */
export function pageLines(doc: PdfDocument): TextLine[] {
  const body = (text: string, lead = 15): TextLine[] =>
    wrap(text).map((t, i) => ({ font: 'F1' as const, size: 10, text: t, lead: i === 0 ? lead : 14 }));
  const heading = (text: string, lead: number): TextLine => ({ font: 'F2', size: 12, text, lead });
  const { mailOrder, specialty, mailAddress } = contact;
  return [
    { font: 'F2', size: 9, text: SITE.toUpperCase(), lead: 0 },
    { font: 'F2', size: 20, text: doc.title, lead: 28 },
    ...body(doc.summary, 34),
    ...body(
      `This is a sample document of the ${SITE} portal. It stands in for the real "${doc.title}": ` +
        'it is not a form to fill in and it gives no medical advice.',
      22,
    ),
    heading('Contact us', 34),
    ...body(`Mail order pharmacy: ${mailOrder.phone} (TTY ${mailOrder.tty}).`, 20),
    ...body(`Prescribers fax prescriptions and mail order forms to ${mailOrder.fax}.`),
    ...body(`Specialty pharmacy: ${specialty.phone}. Fax specialty referral forms to ${specialty.fax}.`),
    heading('Mail forms and prescriptions to', 28),
    ...mailAddress.map((text, i) => ({ font: 'F1' as const, size: 10, text, lead: i === 0 ? 20 : 14 })),
  ];
}

const BRAND_RGB = '0.043 0.31 0.541'; // #0b4f8a, the portal's brand colour
const TEXT_RGB = '0.122 0.161 0.2'; // #1f2933

function contentStream(doc: PdfDocument): string {
  const ops: string[] = [];
  let y = PAGE_HEIGHT - MARGIN;
  const lines = pageLines(doc);
  lines.forEach((line, i) => {
    y -= line.lead;
    const colour = i < 2 || line.font === 'F2' ? BRAND_RGB : TEXT_RGB;
    ops.push(`BT /${line.font} ${line.size} Tf ${colour} rg 1 0 0 1 ${MARGIN} ${y} Tm ${pdfString(line.text)} Tj ET`);
    // A rule under the title.
    if (i === 1) ops.push(`${BRAND_RGB} RG 1 w ${MARGIN} ${y - 10} m ${PAGE_WIDTH - MARGIN} ${y - 10} l S`);
  });
  if (y < MARGIN) throw new Error(`${doc.file}: the text runs past the bottom margin`);
  // Footer: the file name, small and muted.
  ops.push(`BT /F1 8 Tf 0.294 0.333 0.388 rg 1 0 0 1 ${MARGIN} ${MARGIN / 2} Tm ${pdfString(`${SITE} | ${doc.file}`)} Tj ET`);
  return `${ops.join('\n')}\n`;
}

/** One real, one-page PDF 1.4 file for the document; the same input always gives the same bytes. */
export function renderPdf(doc: PdfDocument): Uint8Array {
  const stream = contentStream(doc);
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_WIDTH} ${PAGE_HEIGHT}] ` +
      '/Resources << /Font << /F1 4 0 R /F2 5 0 R >> /ProcSet [/PDF /Text] >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    // The stream is 7-bit ASCII, so its length in characters is its length in bytes.
    `<< /Length ${stream.length} >>\nstream\n${stream}endstream`,
    `<< /Title ${pdfString(doc.title)} /Subject ${pdfString(doc.summary)} /Author ${pdfString(SITE)} ` +
      `/Creator ${pdfString('npm run pdfs (test/tools/pdfs.ts)')} >>`,
  ];
  // The second line is the customary binary comment (bytes above 127) that
  // tells transfer tools the file is binary; everything else is ASCII.
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // latin1: one byte per character, so the offsets counted above are byte offsets.
  return new Uint8Array(Buffer.from(out, 'latin1'));
}

/** Where the files go: public/docs/ of the project. */
export const outputDir = fileURLToPath(new URL('../../public/docs/', import.meta.url));

function main() {
  mkdirSync(outputDir, { recursive: true });
  for (const doc of Object.values(pdfDocuments)) {
    const file = `${outputDir}${doc.file}`;
    writeFileSync(file, renderPdf(doc));
    console.log(`wrote public/docs/${doc.file}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
