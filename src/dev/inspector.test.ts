/**
 * The live inspector's redaction (src/dev/inspector.ts): run through the
 * library's own createInspector, with an adapter that keeps what it is given
 * (what the browser adapter would post to the inspector's window), the
 * member information step while Maria Lopez types her member number, name and
 * date of birth, is verified and her eligibility answer arrives: the
 * inspector learns the machines, their state names and the event types, and
 * none of what she typed or what the gateway answered.
 */
import { createInspector, createWebSocketInspector, createWebSocketReceiver, type StatelyInspectionEvent } from '@statelyai/inspect';
import { createInspectorServer } from '@statelyai/inspect/server';
import { connect, createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { memberInfoMachine } from '../../machines/member/memberInfoMachine.ts';
import { INSPECTOR_OPTIONS } from './inspector.ts';

const PERSONAL = ['MMA100001', 'Maria', 'Lopez', '1958', 'apr', 'patient-token-secret', '1958-04-12', 'maria.lopez@example.com'];

/** Runs the member information step with an inspector's `inspect`; resolves once the step is done. */
async function runMemberInfo(inspect: ReturnType<typeof createInspector>['inspect']) {
  const machine = memberInfoMachine.provide({
    actors: {
      verifyMember: fromPromise(async () => ({ accessToken: 'patient-token-secret', messageStatus: true })),
      loadMemberInfo: fromPromise(async () => ({ patient: { patientId: 1001, firstName: 'Maria', lastName: 'Lopez', birthDate: '1958-04-12', email: 'maria.lopez@example.com' } })),
    } as never,
  });
  const actor = createActor(machine, { input: { today: '2026-11-27' }, inspect });
  actor.start();
  for (const [field, text] of [['memberNumber', 'MMA100001'], ['firstName', 'Maria'], ['lastName', 'Lopez'], ['month', 'apr'], ['day', '12'], ['year', '1958']] as const) {
    actor.send({ type: 'field.changed', field, text } as never);
  }
  actor.send({ type: 'continue.pressed' } as never);
  await new Promise((r) => setTimeout(r, 20));
  actor.stop();
}

async function inspected(options: object) {
  const received: StatelyInspectionEvent[] = [];
  await runMemberInfo(createInspector({ send: (e) => received.push(e) }, options).inspect);
  return received;
}

/** The port takes a connection. */
const accepts = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The inspector saw the actor's done event (its type only). */
const actorDone = (received: StatelyInspectionEvent[], id: string) =>
  received.some((e) => e.type === '@xstate.event' && (e as { event: { type: string } }).event.type === `xstate.done.actor.${id}`);

describe('the live inspector', () => {
  it('without redaction would send what the member typed (the test can see it)', async () => {
    const text = JSON.stringify(await inspected({}));
    expect(text).toContain('Maria');
    expect(text).toContain('MMA100001');
  });

  it('with the portal\'s options receives the machines, state names and event types, and no personal data', async () => {
    const received = await inspected(INSPECTOR_OPTIONS);
    const text = JSON.stringify(received);
    for (const secret of PERSONAL) expect(text, secret).not.toContain(secret);
    expect(received.some((e) => e.type === '@xstate.actor' && e.name === 'memberInfo')).toBe(true);
    const events = received.filter((e) => e.type === '@xstate.event').map((e) => (e as { event: { type: string } }).event);
    expect(events).toContainEqual({ type: 'field.changed' });
    expect(events).toContainEqual({ type: 'continue.pressed' });
    const values = received.filter((e) => e.type === '@xstate.snapshot').map((e) => JSON.stringify((e as unknown as { snapshot: { value: unknown } }).snapshot.value));
    expect(values.length).toBeGreaterThan(5);
    // The member was verified and her information arrived: the gateway's answers went through the machine, not to the inspector.
    expect(actorDone(received, 'verifyMember')).toBe(true);
    expect(actorDone(received, 'loadMemberInfo')).toBe(true);
    // Only the named fields of each kind of event leave the page.
    for (const e of received) {
      if (e.type === '@xstate.snapshot') expect(Object.keys((e as { snapshot: object }).snapshot).sort()).toEqual(['status', 'value']);
      if ('event' in e) expect(Object.keys((e as { event: object }).event)).toEqual(['type']);
    }
  });

  it("reaches the library's own receiver (its inspector server and WebSocket receiver, on this machine) with none of it", async () => {
    const port = await freePort();
    const server = createInspectorServer({ port, autoOpen: false });
    const received: StatelyInspectionEvent[] = [];
    try {
      // The receiver connects once (no retry): first, the server accepts connections. It replays what it has relayed to a late receiver.
      await expect.poll(() => accepts(port), { timeout: 10_000 }).toBe(true);
      createWebSocketReceiver({ server: `ws://localhost:${port}` }).subscribe((e) => received.push(e));
      const inspector = createWebSocketInspector({ url: `ws://localhost:${port}`, ...INSPECTOR_OPTIONS });
      await runMemberInfo(inspector.inspect);
      await expect.poll(() => actorDone(received, 'loadMemberInfo'), { timeout: 10_000 }).toBe(true);
      inspector.stop();
    } finally {
      server.stop();
    }
    const text = JSON.stringify(received);
    for (const secret of PERSONAL) expect(text, secret).not.toContain(secret);
    expect(received.some((e) => e.type === '@xstate.actor' && e.name === 'memberInfo')).toBe(true);
  });
});
