import { describe, expect, it } from 'vitest';
import { sanitiseBanner } from './banner.ts';

describe('the banner written into each HTML answer', () => {
  it('keeps the allowed inline tags and a safe link, as the seed has them', () => {
    const seed = '<p><strong>Same pharmacy, new name.</strong> Carry over. <a href="/AboutUs">Learn more</a></p>';
    expect(sanitiseBanner(seed)).toBe(seed);
  });

  it('drops scripts, handlers, styles, frames and unsafe links; unwraps unknown elements; escapes text', () => {
    const hostile =
      '<p>Hello<img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a>' +
      '<a href=" JaVaScRiPt:alert(4)">y</a><a href="//evil.example/">z</a><iframe src="/"></iframe><style>body{display:none}</style>' +
      '<strong onclick="alert(5)" style="color:red">bold</strong><svg><script>alert(6)</script></svg><u class="x">underlined</u>' +
      '<a href="/help" target="_blank">ok</a> 1 &lt; 2 &amp; "quoted"</p><!-- a comment -->';
    expect(sanitiseBanner(hostile)).toBe(
      '<p>Hello<a>x</a><a>y</a><a>z</a><strong>bold</strong>underlined<a href="/help">ok</a> 1 &lt; 2 &amp; "quoted"</p>',
    );
  });

  it('escapes an attribute so it cannot end early', () => {
    expect(sanitiseBanner(`<a href='/a?b="><script>x</script>'>go</a>`)).toBe('<a href="/a?b=&quot;><script>x</script>">go</a>');
  });

  it('serialises what the parser made, as the browser parses it (a block closes a paragraph)', () => {
    expect(sanitiseBanner('<p>one<div>two</div></p>')).toBe('<p>one</p>two<p></p>');
  });

  it('gives nothing when nothing would show: empty, white space, only dropped content', () => {
    expect(sanitiseBanner('')).toBeNull();
    expect(sanitiseBanner('  \n ')).toBeNull();
    expect(sanitiseBanner('<script>alert(1)</script><style>p{}</style><!-- x -->')).toBeNull();
    expect(sanitiseBanner('<br>')).toBe('<br>');
  });
});
