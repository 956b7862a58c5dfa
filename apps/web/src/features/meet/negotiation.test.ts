import type { Signal } from '@skillroute/shared/meet';
import { describe, expect, it, vi } from 'vitest';
import { Negotiation, POLITE_RESTART_DELAY_MS, type NegotiatingPeerConnection } from './negotiation';

/**
 * A double of the browser's RTCPeerConnection that keeps the signalling state machine of the spec
 * (stable → have-local-offer → stable, stable → have-remote-offer → stable) and refuses what a browser
 * refuses: a remote offer while it has its own offer out, a candidate before any remote description.
 */
class FakePeerConnection extends EventTarget implements NegotiatingPeerConnection {
  signalingState: RTCSignalingState = 'stable';
  connectionState: RTCPeerConnectionState = 'new';
  iceConnectionState: RTCIceConnectionState = 'new';
  localDescription: { type: RTCSdpType; sdp: string } | null = null;
  remoteDescription: RTCSessionDescriptionInit | null = null;
  readonly calls: string[] = [];
  readonly candidates: (RTCIceCandidateInit | null)[] = [];
  restarts = 0;
  private offers = 0;

  async setLocalDescription(description?: RTCSessionDescriptionInit) {
    this.calls.push(`setLocalDescription(${description?.type ?? ''})`);
    if (description?.type === 'rollback') {
      this.signalingState = 'stable';
      this.localDescription = null;
      return;
    }
    if (this.signalingState === 'have-remote-offer') {
      this.localDescription = { type: 'answer', sdp: 'answer-sdp' };
      this.signalingState = 'stable';
    } else {
      this.offers += 1;
      this.localDescription = { type: 'offer', sdp: `offer-sdp-${this.offers}` };
      this.signalingState = 'have-local-offer';
    }
  }

  async setRemoteDescription(description: RTCSessionDescriptionInit) {
    this.calls.push(`setRemoteDescription(${description.type})`);
    if (description.type === 'offer') {
      if (this.signalingState !== 'stable')
        throw new DOMException('Called in wrong state: have-local-offer', 'InvalidStateError');
      this.signalingState = 'have-remote-offer';
    } else if (description.type === 'answer') {
      if (this.signalingState !== 'have-local-offer')
        throw new DOMException('Called in wrong state: stable', 'InvalidStateError');
      this.signalingState = 'stable';
    }
    this.remoteDescription = description;
  }

  async addIceCandidate(candidate?: RTCIceCandidateInit | null) {
    if (!this.remoteDescription)
      throw new DOMException('The remote description was null', 'InvalidStateError');
    this.candidates.push(candidate ?? null);
  }

  restartIce() {
    this.restarts += 1;
    this.dispatchEvent(new Event('negotiationneeded'));
  }

  /** What the browser does when a track is added or the ICE restarts. */
  needsNegotiation() {
    this.dispatchEvent(new Event('negotiationneeded'));
  }

  becomes(change: { connectionState?: RTCPeerConnectionState; iceConnectionState?: RTCIceConnectionState }) {
    if (change.connectionState) {
      this.connectionState = change.connectionState;
      this.dispatchEvent(new Event('connectionstatechange'));
    }
    if (change.iceConnectionState) {
      this.iceConnectionState = change.iceConnectionState;
      this.dispatchEvent(new Event('iceconnectionstatechange'));
    }
  }

  gathers(candidate: RTCIceCandidateInit | null) {
    const event = new Event('icecandidate') as Event & { candidate: unknown };
    event.candidate = candidate ? { ...candidate, toJSON: () => candidate } : null;
    this.dispatchEvent(event);
  }
}

function aPeer(polite: boolean) {
  const pc = new FakePeerConnection();
  const sent: Signal[] = [];
  const onError = vi.fn();
  const negotiation = new Negotiation({ pc, polite, send: (signal) => sent.push(signal), onError });
  return { pc, sent, onError, negotiation };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
const theirOffer: Signal = { description: { type: 'offer', sdp: 'their-offer' } };
const aCandidate = {
  candidate: 'candidate:1 1 udp 2122260223 192.0.2.1 54400 typ host',
  sdpMid: '0',
  sdpMLineIndex: 0,
};

describe('Negotiation', () => {
  it('sends an offer when negotiation is needed, and takes the answer', async () => {
    const { pc, sent, negotiation, onError } = aPeer(false);
    pc.needsNegotiation();
    await flush();
    expect(sent).toEqual([{ description: { type: 'offer', sdp: 'offer-sdp-1' } }]);
    await negotiation.receive({ description: { type: 'answer', sdp: 'their-answer' } });
    expect(pc.signalingState).toBe('stable');
    expect(onError).not.toHaveBeenCalled();
  });

  it('answers an offer that does not collide', async () => {
    const { pc, sent, negotiation } = aPeer(false);
    await negotiation.receive(theirOffer);
    expect(pc.calls).toEqual(['setRemoteDescription(offer)', 'setLocalDescription()']);
    expect(sent).toEqual([{ description: { type: 'answer', sdp: 'answer-sdp' } }]);
  });

  it('on glare, the polite peer rolls its own offer back and answers the other', async () => {
    const { pc, sent, negotiation, onError } = aPeer(true);
    pc.needsNegotiation();
    await flush();
    expect(pc.signalingState).toBe('have-local-offer');
    await negotiation.receive(theirOffer);
    expect(pc.calls).toEqual([
      'setLocalDescription()',
      'setLocalDescription(rollback)',
      'setRemoteDescription(offer)',
      'setLocalDescription()',
    ]);
    expect(sent.at(-1)).toEqual({ description: { type: 'answer', sdp: 'answer-sdp' } });
    expect(pc.signalingState).toBe('stable');
    expect(onError).not.toHaveBeenCalled();
  });

  it('on glare, the polite peer adds the candidates that came right behind the offer, once the offer is taken', async () => {
    const { pc, negotiation, onError } = aPeer(true);
    pc.needsNegotiation();
    await flush();
    // As the socket hands them over: one after the other, nobody waiting for the offer to be applied.
    void negotiation.receive(theirOffer);
    void negotiation.receive({ candidate: aCandidate });
    await negotiation.receive({ candidate: null });
    expect(pc.calls).toEqual([
      'setLocalDescription()',
      'setLocalDescription(rollback)',
      'setRemoteDescription(offer)',
      'setLocalDescription()',
    ]);
    expect(pc.candidates).toEqual([aCandidate, null]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('on glare, the impolite peer ignores the colliding offer and keeps its own', async () => {
    const { pc, sent, negotiation, onError } = aPeer(false);
    pc.needsNegotiation();
    await flush();
    await negotiation.receive(theirOffer);
    expect(negotiation.ignoringOffer).toBe(true);
    expect(pc.calls).toEqual(['setLocalDescription()']);
    expect(pc.signalingState).toBe('have-local-offer');
    expect(sent).toEqual([{ description: { type: 'offer', sdp: 'offer-sdp-1' } }]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('treats an offer that arrives while its own is being made as a collision', async () => {
    const { pc, sent, negotiation } = aPeer(false);
    pc.needsNegotiation(); // setLocalDescription is in flight: makingOffer, though the state is still stable
    await negotiation.receive(theirOffer);
    await flush();
    expect(negotiation.ignoringOffer).toBe(true);
    expect(pc.calls).not.toContain('setRemoteDescription(offer)');
    expect(sent).toEqual([{ description: { type: 'offer', sdp: 'offer-sdp-1' } }]);
  });

  it('ignores the failing candidates of an offer it ignored, but reports others', async () => {
    const { pc, negotiation, onError } = aPeer(false);
    pc.needsNegotiation();
    await flush();
    await negotiation.receive(theirOffer);
    await negotiation.receive({ candidate: aCandidate });
    expect(onError).not.toHaveBeenCalled();

    const fresh = aPeer(true);
    await fresh.negotiation.receive({ candidate: aCandidate });
    expect(fresh.onError).toHaveBeenCalledWith(expect.objectContaining({ name: 'InvalidStateError' }));
  });

  it('adds the candidates of a description it took', async () => {
    const { pc, negotiation, onError } = aPeer(true);
    await negotiation.receive(theirOffer);
    await negotiation.receive({ candidate: aCandidate });
    await negotiation.receive({ candidate: null });
    expect(pc.candidates).toEqual([aCandidate, null]);
    expect(onError).not.toHaveBeenCalled();
  });

  it('relays its own candidates, and the end of gathering', () => {
    const { pc, sent } = aPeer(true);
    pc.gathers(aCandidate);
    pc.gathers(null);
    expect(sent).toEqual([{ candidate: aCandidate }, { candidate: null }]);
  });

  it('restarts ICE when the connection fails, and sends the new offer (the impolite side, at once)', async () => {
    const { pc, sent } = aPeer(false);
    pc.becomes({ connectionState: 'disconnected' });
    expect(pc.restarts).toBe(0);
    pc.becomes({ connectionState: 'failed' });
    expect(pc.restarts).toBe(1);
    await flush();
    expect(sent).toEqual([{ description: { type: 'offer', sdp: 'offer-sdp-1' } }]);

    const other = aPeer(false);
    other.pc.becomes({ iceConnectionState: 'failed' });
    expect(other.pc.restarts).toBe(1);
  });

  it('on the polite side, leaves the restart to the other and restarts itself only if still failed after the delay', async () => {
    vi.useFakeTimers();
    try {
      const mended = aPeer(true);
      mended.pc.becomes({ connectionState: 'failed' });
      mended.pc.becomes({ iceConnectionState: 'failed' });
      expect(mended.pc.restarts).toBe(0);
      // The impolite side's restart offer arrives and the connection comes back.
      mended.pc.becomes({ connectionState: 'connected', iceConnectionState: 'connected' });
      await vi.advanceTimersByTimeAsync(POLITE_RESTART_DELAY_MS);
      expect(mended.pc.restarts).toBe(0);

      const stuck = aPeer(true);
      stuck.pc.becomes({ connectionState: 'failed' });
      await vi.advanceTimersByTimeAsync(POLITE_RESTART_DELAY_MS - 1);
      expect(stuck.pc.restarts).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(stuck.pc.restarts).toBe(1);
      expect(stuck.sent).toEqual([{ description: { type: 'offer', sdp: 'offer-sdp-1' } }]);

      const closed = aPeer(true);
      closed.pc.becomes({ connectionState: 'failed' });
      closed.negotiation.close();
      await vi.advanceTimersByTimeAsync(POLITE_RESTART_DELAY_MS);
      expect(closed.pc.restarts).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });

  describe('on a fresh connection that leaves the first offer to the other side', () => {
    function anAnsweringPeer(awaitFirstOfferMs: number) {
      const pc = new FakePeerConnection();
      const sent: Signal[] = [];
      const negotiation = new Negotiation({
        pc,
        polite: true,
        send: (signal) => sent.push(signal),
        awaitFirstOfferMs,
      });
      return { pc, sent, negotiation };
    }

    it('holds its own offer back and answers theirs, so the two never collide', async () => {
      const { pc, sent, negotiation } = anAnsweringPeer(60_000);
      pc.needsNegotiation();
      await flush();
      expect(sent).toEqual([]);
      expect(pc.signalingState).toBe('stable');
      await negotiation.receive(theirOffer);
      expect(pc.calls).toEqual(['setRemoteDescription(offer)', 'setLocalDescription()']);
      expect(sent).toEqual([{ description: { type: 'answer', sdp: 'answer-sdp' } }]);
      negotiation.close();
    });

    it('offers as usual once it has answered (the browser asks again when it still needs to)', async () => {
      const { pc, sent, negotiation } = anAnsweringPeer(60_000);
      await negotiation.receive(theirOffer);
      pc.needsNegotiation();
      await flush();
      expect(sent.at(-1)).toEqual({ description: { type: 'offer', sdp: 'offer-sdp-1' } });
      negotiation.close();
    });

    it('offers itself when no offer comes in time', async () => {
      vi.useFakeTimers();
      try {
        const { pc, sent, negotiation } = anAnsweringPeer(5_000);
        pc.needsNegotiation();
        await vi.advanceTimersByTimeAsync(4_999);
        expect(sent).toEqual([]);
        await vi.advanceTimersByTimeAsync(1);
        expect(sent).toEqual([{ description: { type: 'offer', sdp: 'offer-sdp-1' } }]);
        negotiation.close();
      } finally {
        vi.useRealTimers();
      }
    });

    it('does not offer on time-out when it had nothing to offer, nor after being closed', async () => {
      vi.useFakeTimers();
      try {
        const idle = anAnsweringPeer(5_000);
        await vi.advanceTimersByTimeAsync(5_000);
        expect(idle.sent).toEqual([]);

        const closed = anAnsweringPeer(5_000);
        closed.pc.needsNegotiation();
        closed.negotiation.close();
        await vi.advanceTimersByTimeAsync(5_000);
        expect(closed.sent).toEqual([]);
        expect(closed.pc.calls).toEqual([]);
      } finally {
        vi.useRealTimers();
      }
    });
  });

  it('does nothing more once closed', async () => {
    const { pc, sent, negotiation } = aPeer(false);
    negotiation.close();
    pc.needsNegotiation();
    pc.becomes({ connectionState: 'failed' });
    await negotiation.receive(theirOffer);
    await flush();
    expect(sent).toEqual([]);
    expect(pc.restarts).toBe(0);
    expect(pc.calls).toEqual([]);
  });
});
