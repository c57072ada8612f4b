import { describe, expect, it } from 'vitest';
import { held, moved, popped, startTrail } from './stepTrail.ts';

describe('the browser history of a flow\'s steps', () => {
  const start = startTrail('f', 'prescriptions');

  it('gives each step ahead a new entry, and takes the page\'s own Back to the entry it came from', () => {
    const [atRegistration, push] = moved(start, 'registration');
    expect(push).toEqual({ kind: 'push', entry: { flow: 'f', pos: 1, step: 'registration' } });
    const [back, go] = moved(atRegistration, 'prescriptions');
    expect(go).toEqual({ kind: 'go', delta: -1, to: 0 });
    expect(back.pos).toBe(0);
    // Next again: a new entry in place of the old one (Forward entries are dropped, as after a link).
    const [, again] = moved(back, 'registration');
    expect(again).toEqual({ kind: 'push', entry: { flow: 'f', pos: 1, step: 'registration' } });
    expect(moved(back, 'prescriptions')[1]).toEqual({ kind: 'none' });
  });

  it('puts Back that skips a step (the review to the prescriptions) on the entry of the step shown, so the next Back leaves', () => {
    const [r] = moved(start, 'registration');
    const [atReview] = moved(r, 'review');
    // Back lands on the registration entry, the flow shows the prescriptions: the browser goes on to its entry.
    const [afterBack, go] = popped(atReview, 1, 'review', 'prescriptions');
    expect(go).toEqual({ kind: 'go', delta: -1, to: 0 });
    // Forward lands on the registration entry, the flow moves on to the review: on to the review's entry.
    const [afterForward, on] = popped(afterBack, 1, 'prescriptions', 'review');
    expect(on).toEqual({ kind: 'go', delta: 1, to: 2 });
    expect(afterForward.pos).toBe(2);
  });

  it('leaves the flow on Back from its first step, undoes a refused Forward, and relabels an entry it did not know', () => {
    const [, leave] = popped({ flow: 'f', steps: ['prescriptions', 'review'], pos: 1 }, 0, 'prescriptions', 'prescriptions');
    expect(leave).toEqual({ kind: 'leave', delta: -1, entry: { flow: 'f', pos: 0, step: 'prescriptions' } });
    const [, undo] = popped({ flow: 'f', steps: ['prescriptions', 'registration'], pos: 0 }, 1, 'prescriptions', 'prescriptions');
    expect(undo).toEqual({ kind: 'go', delta: -1, to: 0 });
    // Back on the flow after a reload: the page knows only the entry it is on.
    const resumed = startTrail('f', 'prescriptions', { flow: 'f', pos: 0, step: 'prescriptions' });
    const [next, replace] = popped(resumed, 1, 'prescriptions', 'registration');
    expect(replace).toEqual({ kind: 'replace', entry: { flow: 'f', pos: 1, step: 'registration' } });
    expect(next.steps).toEqual(['prescriptions', 'registration']);
    // Another flow's entry starts a trail of its own.
    expect(startTrail('g', 'prescriptions', { flow: 'f', pos: 3, step: 'review' })).toEqual({ flow: 'g', steps: ['prescriptions'], pos: 0 });
  });

  it('holds Back and Forward while a request is on its way: the browser goes back to the entry the member is on', () => {
    expect(held({ flow: 'f', steps: ['prescriptions', 'review'], pos: 1 }, 0)).toEqual({ kind: 'go', delta: 1, to: 1 });
  });
});
