import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { BANNER_MARKER, PRERENDERED_DIR, type PrerenderedIndex } from '../src/prerender/pages.ts';
import { BANNER_TOKEN } from '../src/shell/bannerPolicy.ts';
import { createSpaPages, pageFor } from './spa.ts';

const index: PrerenderedIndex = {
  pages: [
    { path: '/', file: 'index.html', status: 200 },
    { path: '/memberInfo', file: 'memberInfo.html', status: 200 },
    { prefix: '/EasyFill/', file: 'EasyFill.html', status: 200 },
  ],
  notFound: '404.html',
  banner: `<div role="region" data-banner=""><div>${BANNER_TOKEN}</div></div>`,
};

const dist = mkdtempSync(join(tmpdir(), 'spa-'));
mkdirSync(join(dist, PRERENDERED_DIR));
for (const [file, text] of [['index.html', 'home'], ['memberInfo.html', 'member'], ['EasyFill.html', 'link shell'], ['404.html', 'not found']]) {
  writeFileSync(join(dist, PRERENDERED_DIR, file!), `<body><nav></nav>${BANNER_MARKER}<main>${text}</main></body>`);
}
writeFileSync(join(dist, PRERENDERED_DIR, 'pages.json'), JSON.stringify(index));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('which prerendered page a path gets', () => {
  it('matches routes as the router does: any letter case, with or without a trailing slash', () => {
    expect(pageFor(index, '/memberInfo')?.file).toBe('memberInfo.html');
    expect(pageFor(index, '/MEMBERINFO/')?.file).toBe('memberInfo.html');
    expect(pageFor(index, '/')?.file).toBe('index.html');
  });

  it('gives a link route its shell for any one id, and nothing for a deeper or empty path', () => {
    expect(pageFor(index, '/EasyFill/demo-refill')?.file).toBe('EasyFill.html');
    expect(pageFor(index, '/easyfill/x')?.file).toBe('EasyFill.html');
    expect(pageFor(index, '/EasyFill/')).toBeNull();
    expect(pageFor(index, '/EasyFill/a/b')).toBeNull();
    expect(pageFor(index, '/nowhere')).toBeNull();
  });
});

describe('the HTML answer', () => {
  const pages = createSpaPages(dist);

  it('writes the sanitised banner into the page, and leaves no marker', () => {
    const answer = pages.answer('/memberInfo', '<p>Hi <script>x()</script><b onclick="y()">there</b> $& $1</p>', '')!;
    expect(answer.status).toBe(200);
    expect(answer.encoding).toBeNull();
    const html = answer.body.toString();
    expect(html).toBe('<body><nav></nav><div role="region" data-banner=""><div><p>Hi <b>there</b> $&amp; $1</p></div></div><main>member</main></body>');
  });

  it('leaves the banner out when there is none, or nothing in it would show', () => {
    expect(pages.answer('/', null, '')!.body.toString()).toBe('<body><nav></nav><main>home</main></body>');
    expect(pages.answer('/', '<script>x()</script>', '')!.body.toString()).toBe('<body><nav></nav><main>home</main></body>');
  });

  it('answers an unknown path with the not-found page and status 404', () => {
    const answer = pages.answer('/no/such/page', null, '')!;
    expect(answer.status).toBe(404);
    expect(answer.body.toString()).toContain('not found');
  });

  it('compresses as the browser accepts: brotli first, then gzip', () => {
    const br = pages.answer('/EasyFill/abc', null, 'gzip, deflate, br')!;
    expect(br.encoding).toBe('br');
    expect(brotliDecompressSync(br.body).toString()).toContain('link shell');
    const gz = pages.answer('/EasyFill/abc', null, 'gzip')!;
    expect(gz.encoding).toBe('gzip');
    expect(gunzipSync(gz.body).toString()).toContain('link shell');
  });

  it('says when the build has no prerendered pages', () => {
    expect(createSpaPages(join(dist, 'nothing-here')).answer('/', null, '')).toBeNull();
  });
});
