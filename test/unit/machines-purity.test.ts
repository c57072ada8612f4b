/**
 * machines/ stays pure: the lint rule refuses React, the router, the network
 * client, app code, the DOM and clocks there. This test proves the rule bites.
 */
import { describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const eslint = new ESLint();

async function problems(code: string, filePath = 'machines/exampleMachine.ts') {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((m) => m.message);
}

describe('machines/ purity rule', () => {
  it.each([
    ["import { useState } from 'react';\nexport const x = useState;", 'no React'],
    ["import { createRoot } from 'react-dom/client';\nexport const x = createRoot;", 'no React'],
    ["import { useMachine } from '@xstate/react';\nexport const x = useMachine;", 'no React'],
    ["import createClient from 'openapi-fetch';\nexport const x = createClient;", 'network client'],
    ["import { gateway } from '../src/api/instance.ts';\nexport const x = gateway;", 'app code'],
    ["export const x = () => fetch('/gwapi/banners/1');", 'network'],
    ["export const x = () => window.location.href;", 'DOM'],
    ["export const x = () => Date.now();", 'deterministic'],
    ["export const x = () => Math.random();", 'deterministic'],
  ])('refuses %j', async (code, why) => {
    const found = await problems(code);
    expect(found.join('\n')).toContain(why);
  });

  it('allows xstate and type-only imports of the generated contract types', async () => {
    const code = "import { setup } from 'xstate';\nimport type { components } from '../src/api/gateway.gen.ts';\nexport type Card = components['schemas']['PaymentCard'];\nexport const m = setup({});";
    expect(await problems(code)).toEqual([]);
  });

  it('does not restrict src/', async () => {
    expect(await problems("import { useState } from 'react';\nexport const x = useState;", 'src/example.ts')).toEqual([]);
  });
});
