import type { Signal } from '@skillroute/shared/meet';

/** The part of the browser's RTCPeerConnection that negotiation drives; tests hand in a double of it. */
export interface NegotiatingPeerConnection extends EventTarget {
  readonly signalingState: RTCSignalingState;
  readonly connectionState: RTCPeerConnectionState;
  readonly iceConnectionState: RTCIceConnectionState;
  readonly localDescription: { type: RTCSdpType; sdp: string } | null;
  setLocalDescription(description?: RTCSessionDescriptionInit): Promise<void>;
  setRemoteDescription(description: RTCSessionDescriptionInit): Promise<void>;
  addIceCandidate(candidate?: RTCIceCandidateInit | null): Promise<void>;
  restartIce(): void;
}

export interface NegotiationOptions {
  pc: NegotiatingPeerConnection;
  /** Fixed by the server (the mentee): the polite peer yields on glare, the impolite one ignores the other's offer. */
  polite: boolean;
  /** Relays a description or candidate to the other person. */
  send(signal: Signal): void;
  /** A step failed that the pattern cannot recover from by itself; the caller may log it. */
  onError?(error: unknown): void;
  /**
   * On a fresh connection, leave the first offer to the other side and wait this long for it before offering
   * anyway (see Negotiation). Unset: offer as soon as negotiation is needed.
   */
  awaitFirstOfferMs?: number;
}

/** How long the polite side of a fresh connection waits for the other's first offer before offering itself. */
export const FIRST_OFFER_WAIT_MS = 10_000;
/** How long the polite side of a failed connection leaves the ICE restart to the other before restarting itself. */
export const POLITE_RESTART_DELAY_MS = 5_000;

/**
 * The perfect-negotiation pattern (W3C WebRTC §10.7, DESIGN §7): either side may start a negotiation at any
 * time (a track added, an ICE restart) and a collision of offers ("glare") resolves itself, because the
 * polite peer rolls its own offer back and the impolite one ignores the colliding offer. Framework-free so
 * it is tested with a double of the browser's peer connection.
 *
 * A connection that fails (network change, sleep) restarts ICE on its own: `restartIce()` marks the
 * connection as needing negotiation, and the ordinary `negotiationneeded` path sends the new offer. Both
 * sides see the failure at about the same time, so the impolite side restarts at once and the polite one
 * only if the connection is still failed after POLITE_RESTART_DELAY_MS (the offer-collision case below).
 *
 * The pattern resolves glare, but a fresh pair of connections would start with it every time: both add their
 * tracks at once and both offer. In Chromium the polite side's rolled-back offer then left its ICE gathering
 * unfinished now and then, and the call never connected. So on a fresh connection one side (the polite one,
 * `awaitFirstOfferMs`) holds its offer back and answers the other's; the browser asks again once stable if
 * that answer did not cover its own needs, and if no offer comes in time it offers itself.
 */
export class Negotiation {
  private makingOffer = false;
  private ignoreOffer = false;
  private isSettingRemoteAnswerPending = false;
  private closed = false;
  /** Holding back the first offer for the other side's (see awaitFirstOfferMs); whether one was held back. */
  private awaitingOffer: boolean;
  private heldBackOffer = false;
  private awaitTimer: ReturnType<typeof setTimeout> | undefined;
  private restartTimer: ReturnType<typeof setTimeout> | undefined;
  /** The signals still being applied, in order of arrival (see receive). */
  private applying: Promise<void> = Promise.resolve();
  private readonly pc: NegotiatingPeerConnection;
  private readonly polite: boolean;
  private readonly send: (signal: Signal) => void;
  private readonly onError: (error: unknown) => void;

  constructor({ pc, polite, send, onError, awaitFirstOfferMs }: NegotiationOptions) {
    this.pc = pc;
    this.polite = polite;
    this.send = send;
    this.onError = onError ?? (() => {});
    this.awaitingOffer = awaitFirstOfferMs !== undefined;
    if (this.awaitingOffer)
      this.awaitTimer = setTimeout(() => this.stopAwaitingOffer(true), awaitFirstOfferMs);
    pc.addEventListener('negotiationneeded', this.onNegotiationNeeded);
    pc.addEventListener('icecandidate', this.onIceCandidate);
    pc.addEventListener('connectionstatechange', this.onStateChange);
    pc.addEventListener('iceconnectionstatechange', this.onStateChange);
  }

  /** Whether the last offer received was ignored (impolite side of a collision): its candidates are expected to fail. */
  get ignoringOffer(): boolean {
    return this.ignoreOffer;
  }

  private stopAwaitingOffer(timedOut: boolean) {
    if (!this.awaitingOffer) return;
    this.awaitingOffer = false;
    clearTimeout(this.awaitTimer);
    // After an answer the browser fires `negotiationneeded` again by itself if it still needs one.
    if (timedOut && this.heldBackOffer) void this.onNegotiationNeeded();
  }

  private readonly onNegotiationNeeded = async () => {
    if (this.closed) return;
    if (this.awaitingOffer) {
      this.heldBackOffer = true;
      return;
    }
    try {
      this.makingOffer = true;
      // Without an argument the browser creates the offer (or answer) that fits the current state.
      await this.pc.setLocalDescription();
      if (this.pc.localDescription)
        this.send({
          description: { type: this.pc.localDescription.type, sdp: this.pc.localDescription.sdp },
        });
    } catch (error) {
      this.onError(error);
    } finally {
      this.makingOffer = false;
    }
  };

  private readonly onIceCandidate = (event: Event) => {
    if (this.closed) return;
    const candidate = (event as RTCPeerConnectionIceEvent).candidate;
    // A null candidate is the end of gathering; the other side is told too.
    this.send({
      candidate: candidate ? (typeof candidate.toJSON === 'function' ? candidate.toJSON() : candidate) : null,
    } as Signal);
  };

  private readonly failed = () =>
    this.pc.connectionState === 'failed' || this.pc.iceConnectionState === 'failed';

  private readonly onStateChange = () => {
    if (this.closed || !this.failed()) return;
    if (!this.polite) return this.restartIce();
    if (this.restartTimer !== undefined) return;
    this.restartTimer = setTimeout(() => {
      this.restartTimer = undefined;
      if (this.failed()) this.restartIce();
    }, POLITE_RESTART_DELAY_MS);
  };

  /** Starts an ICE restart: new candidates on both sides, same media. */
  restartIce(): void {
    if (!this.closed) this.pc.restartIce();
  }

  /**
   * A description or candidate from the other person. Applied one at a time, in order of arrival: the socket
   * hands them over without waiting, and a candidate that overtook its offer (still awaiting the polite side's
   * rollback) would be refused for want of a remote description and lost, leaving ICE with nothing to check.
   */
  receive(signal: Signal): Promise<void> {
    const applied = this.applying.then(() => this.apply(signal));
    this.applying = applied;
    return applied;
  }

  /** Never rejects, so one failed signal does not stop the ones queued after it. */
  private async apply(signal: Signal): Promise<void> {
    if (this.closed) return;
    try {
      if ('description' in signal) {
        const description = signal.description as RTCSessionDescriptionInit;
        const readyForOffer =
          !this.makingOffer && (this.pc.signalingState === 'stable' || this.isSettingRemoteAnswerPending);
        const offerCollision = description.type === 'offer' && !readyForOffer;
        this.ignoreOffer = !this.polite && offerCollision;
        if (this.ignoreOffer) return;
        if (offerCollision) {
          // The polite peer gives up its own offer to take the other's (browsers also roll back implicitly; explicit is the same everywhere).
          await this.pc.setLocalDescription({ type: 'rollback' });
        }
        this.isSettingRemoteAnswerPending = description.type === 'answer';
        try {
          await this.pc.setRemoteDescription(description);
        } finally {
          this.isSettingRemoteAnswerPending = false;
        }
        if (description.type === 'offer') {
          await this.pc.setLocalDescription();
          if (this.pc.localDescription)
            this.send({
              description: { type: this.pc.localDescription.type, sdp: this.pc.localDescription.sdp },
            });
          this.stopAwaitingOffer(false);
        }
      } else {
        try {
          await this.pc.addIceCandidate(signal.candidate ?? null);
        } catch (error) {
          // Candidates of an offer this side ignored cannot be added; that is expected, not a failure.
          if (!this.ignoreOffer) throw error;
        }
      }
    } catch (error) {
      this.onError(error);
    }
  }

  /** Stops listening; the caller closes the connection itself. */
  close(): void {
    this.closed = true;
    clearTimeout(this.awaitTimer);
    clearTimeout(this.restartTimer);
    this.pc.removeEventListener('negotiationneeded', this.onNegotiationNeeded);
    this.pc.removeEventListener('icecandidate', this.onIceCandidate);
    this.pc.removeEventListener('connectionstatechange', this.onStateChange);
    this.pc.removeEventListener('iceconnectionstatechange', this.onStateChange);
  }
}
