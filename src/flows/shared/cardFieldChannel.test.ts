/**
 * The portal's end of the hosted card field's protocol: it hears only the
 * field's window at the tokenizer's origin, only well-formed messages, and
 * speaks only to that window at that origin.
 */
import { describe, expect, it, vi } from 'vitest';
import { CARD_FIELD_PROTOCOL, cardFieldState } from '../../../machines/shared/rules/cardField.ts';
import { CardFieldChannel } from './cardFieldChannel.ts';
import { GatewayCallError } from '../../api/gateway.ts';

const ORIGIN = 'http://127.0.0.1:8081';
const fakeWindow = () => ({ postMessage: vi.fn() }) as unknown as Window & { postMessage: ReturnType<typeof vi.fn> };
const message = (source: unknown, origin: string, data: unknown) => ({ source, origin, data }) as MessageEvent;
const VIEW = { label: 'Card number', note: null, error: null, required: true, readOnly: false };

describe('the card field channel', () => {
  it('passes on the field state only from the field window at the tokenizer origin', () => {
    const channel = new CardFieldChannel();
    const frame = fakeWindow();
    const state = vi.fn();
    channel.listen({ state });
    channel.connect(frame, ORIGIN);
    const valid = { source: CARD_FIELD_PROTOCOL, type: 'state', state: cardFieldState('4111111111111111') };
    channel.handle(message(fakeWindow(), ORIGIN, valid));
    channel.handle(message(frame, 'https://evil.example', valid));
    channel.handle(message(frame, ORIGIN, { ...valid, state: { ...valid.state, number: '4111111111111111' } }));
    expect(state).not.toHaveBeenCalled();
    channel.handle(message(frame, ORIGIN, valid));
    expect(state).toHaveBeenCalledWith(valid.state);
  });

  it('tells the field how to look, at its origin only, and again when it reloads', () => {
    const channel = new CardFieldChannel();
    channel.show(VIEW);
    const frame = fakeWindow();
    channel.connect(frame, ORIGIN);
    expect(frame.postMessage).toHaveBeenCalledWith({ source: CARD_FIELD_PROTOCOL, type: 'show', view: VIEW }, ORIGIN);
    channel.handle(message(frame, ORIGIN, { source: CARD_FIELD_PROTOCOL, type: 'ready' }));
    expect(frame.postMessage).toHaveBeenCalledTimes(2);
  });

  it('resolves a tokenize request when the field says the tokenizer accepted the number, and fails with its status otherwise', async () => {
    const channel = new CardFieldChannel();
    const frame = fakeWindow();
    channel.connect(frame, ORIGIN);
    const first = channel.tokenize('tzs_1');
    const [sent] = frame.postMessage.mock.calls[0]!;
    expect(sent).toMatchObject({ type: 'tokenize', accessToken: 'tzs_1' });
    channel.handle(message(frame, ORIGIN, { source: CARD_FIELD_PROTOCOL, type: 'tokenized', requestId: sent.requestId, outcome: { ok: true } }));
    await expect(first).resolves.toBeUndefined();

    const second = channel.tokenize('tzs_1');
    const [again] = frame.postMessage.mock.calls[1]!;
    channel.handle(message(frame, ORIGIN, { source: CARD_FIELD_PROTOCOL, type: 'tokenized', requestId: again.requestId, outcome: { ok: false, status: 410 } }));
    await expect(second).rejects.toMatchObject({ status: 410 });

    // No answer at all (status 0) reads as the provider being unavailable; a form without its field cannot tokenize.
    const third = channel.tokenize('tzs_1');
    const [last] = frame.postMessage.mock.calls[2]!;
    channel.handle(message(frame, ORIGIN, { source: CARD_FIELD_PROTOCOL, type: 'tokenized', requestId: last.requestId, outcome: { ok: false, status: 0 } }));
    await expect(third).rejects.toMatchObject({ status: 503 });
    await expect(new CardFieldChannel().tokenize('tzs_1')).rejects.toBeInstanceOf(GatewayCallError);
  });

  it('fails a pending request when the field goes away', async () => {
    const channel = new CardFieldChannel();
    channel.connect(fakeWindow(), ORIGIN);
    const pending = channel.tokenize('tzs_1');
    channel.disconnect();
    await expect(pending).rejects.toMatchObject({ status: 503 });
  });
});
