import { describe, expect, it } from 'vitest';
import { hydratesHere } from './location.ts';

const root = (attrs: Record<string, string>, children = true) => ({ hasChildNodes: () => children, dataset: attrs }) as unknown as HTMLElement;
const state = (pathname: string, routeId: string, searchStr = '', hash = '') => ({ location: { pathname, searchStr, hash }, matches: [{ routeId: '__root__' }, { routeId }] });

describe('whether the browser hydrates the prerendered page', () => {
  it('hydrates a static page at the path it was rendered for', () => {
    expect(hydratesHere(root({ path: '/help' }), state('/help', '/help'))).toBe(true);
  });

  it('renders anew what the HTML does not show: a search string, a hash, another spelling of the path', () => {
    expect(hydratesHere(root({ path: '/help' }), state('/help', '/help', '?tab=specialty'))).toBe(false);
    expect(hydratesHere(root({ path: '/providers' }), state('/providers', '/providers', '', 'specialty'))).toBe(false);
    expect(hydratesHere(root({ path: '/memberInfo' }), state('/memberinfo', '/memberInfo'))).toBe(false);
  });

  it('hydrates a link route shell for any link id, and the not-found page for any unknown path', () => {
    expect(hydratesHere(root({ route: '/EasyFill/$linkId' }), state('/EasyFill/demo-refill', '/EasyFill/$linkId'))).toBe(true);
    expect(hydratesHere(root({ route: '/EasyFill/$linkId' }), state('/autorefill/x', '/autorefill/$linkId'))).toBe(false);
    expect(hydratesHere(root({ route: '__root__' }), { location: { pathname: '/nope', searchStr: '', hash: '' }, matches: [{ routeId: '__root__' }] })).toBe(true);
  });

  it('renders when the page came without HTML (the dev server)', () => {
    expect(hydratesHere(root({}, false), state('/help', '/help'))).toBe(false);
  });
});
