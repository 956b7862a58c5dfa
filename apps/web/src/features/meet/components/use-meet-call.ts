import { msg } from '@skillroute/shared/i18n/msg';
import type { ChatAck, ChatMessage, MediaState, MeetRoom } from '@skillroute/shared/meet';
import { MEET_NAMESPACE } from '@skillroute/shared/meet';
import { useCallback, useEffect, useRef, useState } from 'react';
import { openNamespaceSocket } from '@/lib/socket';
import { FIRST_OFFER_WAIT_MS, Negotiation } from '../negotiation';
import { startSignalling, type Signalling } from '../signalling';

export interface MeetCall {
  /** In the room: before the server first let this page in, in, or out again after the socket went down. */
  socketState: 'connecting' | 'connected' | 'reconnecting';
  peerPresent: boolean;
  peerConnectionState: RTCPeerConnectionState | null;
  remoteStream: MediaStream | null;
  messages: ChatMessage[];
  /** The server refused the join (the window closed meanwhile, say): the call is over. */
  refused: string | null;
  /** The call is in another tab of this person (`moved`: it was taken from this one); `useHere` brings it back. */
  elsewhere: { message: string; moved: boolean } | null;
  /** The other person's camera is off (they said so, or their video track went mute), or their microphone. */
  peerCameraOff: boolean;
  peerMuted: boolean;
  muted: boolean;
  cameraOff: boolean;
  sharing: boolean;
  toggleMute(): void;
  toggleCamera(): void;
  toggleShare(): Promise<void>;
  sendChat(text: string): Promise<ChatAck>;
  useHere(): void;
  leave(): void;
}

interface Options {
  room: MeetRoom;
  localStream: MediaStream | null;
  /** Whether the session still holds, renewing the access token when it can (a refused handshake). */
  checkSession(): Promise<boolean>;
}

/**
 * One call: the signalling, the peer connection and the local tracks.
 *
 * A fresh peer connection is made whenever the two meet in the room: on a join that finds the other
 * already there, and on `peer-joined`. Both sides see exactly one of those per meeting (the joiner the
 * ack, the other the event), so they always start again together, whether the other reloaded the page,
 * lost the network or the signalling server restarted; reusing the old connection would work only when
 * the other's connection survived, which neither side can know. Within a meeting, a failed connection
 * restarts ICE (./negotiation).
 *
 * Every kind has a sender from the start (a transceiver without a track when the device is missing), so
 * camera off and screen sharing swap tracks with `replaceTrack` and never renegotiate.
 *
 * The other side cannot tell a track swapped for nothing from a frozen one, so each side says whether its
 * camera and microphone are on (`media-state`, decision 051): on every change and whenever the two meet. A
 * remote track's `mute`/`unmute` (no media arriving) counts too, for a side that does not say.
 */
export function useMeetCall({ room, localStream, checkSession }: Options): MeetCall {
  const [socketState, setSocketState] = useState<MeetCall['socketState']>('connecting');
  const [peerPresent, setPeerPresent] = useState(false);
  const [peerConnectionState, setPeerConnectionState] = useState<RTCPeerConnectionState | null>(null);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [refused, setRefused] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [sharing, setSharing] = useState(false);
  const [elsewhere, setElsewhere] = useState<MeetCall['elsewhere']>(null);
  const [peerMedia, setPeerMedia] = useState<MediaState>({ cameraOn: true, micOn: true });
  const [remoteTrackMuted, setRemoteTrackMuted] = useState({ audio: false, video: false });

  const signalling = useRef<Signalling | null>(null);
  const peer = useRef<{ pc: RTCPeerConnection; negotiation: Negotiation; videoSender: RTCRtpSender } | null>(
    null,
  );
  const screenTrack = useRef<MediaStreamTrack | null>(null);
  const cameraOffRef = useRef(false);
  const mutedRef = useRef(false);
  const checkSessionRef = useRef(checkSession);
  useEffect(() => {
    checkSessionRef.current = checkSession;
  }, [checkSession]);

  const cameraTrack = useCallback(() => localStream?.getVideoTracks()[0] ?? null, [localStream]);
  /** What the video sender should carry now: the screen while sharing, else the camera unless it is off. */
  const outgoingVideo = useCallback(
    () => screenTrack.current ?? (cameraOffRef.current ? null : cameraTrack()),
    [cameraTrack],
  );
  /** What the other side should show of this one: video (camera or screen) and sound, or not. */
  const sendMediaState = useCallback(() => {
    const micOn = Boolean(localStream?.getAudioTracks().length) && !mutedRef.current;
    signalling.current?.sendMediaState({ cameraOn: outgoingVideo() !== null, micOn });
  }, [localStream, outgoingVideo]);

  useEffect(() => {
    let stopped = false;
    let polite = room.polite;

    function closePeer() {
      if (!peer.current) return;
      peer.current.negotiation.close();
      peer.current.pc.close();
      peer.current = null;
      setRemoteStream(null);
      setPeerConnectionState(null);
      setRemoteTrackMuted({ audio: false, video: false });
    }

    function openPeer() {
      closePeer();
      const pc = new RTCPeerConnection({ iceServers: room.iceServers });
      const stream = localStream ?? new MediaStream();
      // addTrack where there is a track: its transceiver is the one a colliding remote offer can reuse.
      const audio = stream.getAudioTracks()[0];
      if (audio) pc.addTrack(audio, stream);
      else pc.addTransceiver('audio', { direction: 'sendrecv', streams: [stream] });
      const camera = cameraTrack();
      const videoSender = camera
        ? pc.addTrack(camera, stream)
        : pc.addTransceiver('video', { direction: 'sendrecv', streams: [stream] }).sender;
      if (outgoingVideo() !== camera) void videoSender.replaceTrack(outgoingVideo());
      const remote = new MediaStream();
      pc.addEventListener('track', ({ track }) => {
        const kind = track.kind === 'audio' ? 'audio' : 'video';
        const mutedNow = (muted: boolean) => () => {
          if (peer.current?.pc === pc) setRemoteTrackMuted((state) => ({ ...state, [kind]: muted }));
        };
        track.addEventListener('mute', mutedNow(true));
        track.addEventListener('unmute', mutedNow(false));
        remote.addTrack(track);
        setRemoteStream(new MediaStream(remote.getTracks()));
      });
      pc.addEventListener('connectionstatechange', () => setPeerConnectionState(pc.connectionState));
      const negotiation = new Negotiation({
        pc,
        polite,
        send: (signal) => signalling.current?.send(signal),
        // Both open a fresh connection at the same moment: the impolite side makes the first offer (./negotiation).
        awaitFirstOfferMs: polite ? FIRST_OFFER_WAIT_MS : undefined,
        onError: (error) => console.warn('Call negotiation step failed', error),
      });
      peer.current = { pc, negotiation, videoSender };
      setPeerConnectionState(pc.connectionState);
    }

    openNamespaceSocket(MEET_NAMESPACE)
      .then((socket) => {
        if (stopped) return;
        signalling.current = startSignalling(socket, room.roomId, {
          onJoined(ack) {
            setSocketState('connected');
            polite = ack.polite;
            setElsewhere(null);
            setMessages(ack.history);
            setPeerPresent(ack.peerPresent);
            if (ack.peerPresent) openPeer();
            else closePeer();
            sendMediaState();
          },
          onElsewhere(message, moved) {
            closePeer();
            setPeerPresent(false);
            setPeerMedia({ cameraOn: true, micOn: true });
            setElsewhere({ message, moved });
          },
          onRefused(message) {
            closePeer();
            setRefused(message);
            signalling.current?.stop();
          },
          onPeerJoined() {
            setPeerPresent(true);
            openPeer();
            // The newcomer starts from nothing: it hears this side's camera and microphone now.
            sendMediaState();
          },
          onPeerLeft() {
            setPeerPresent(false);
            setPeerMedia({ cameraOn: true, micOn: true });
            closePeer();
          },
          onPeerMediaState: setPeerMedia,
          onSignal: (signal) => void peer.current?.negotiation.receive(signal),
          onChat: (message) =>
            setMessages((list) => (list.some((m) => m.id === message.id) ? list : [...list, message])),
          // A socket that is up is not in the room yet: until the join's answer the server refuses chat and
          // signals, so the page says it is connecting (onJoined) rather than offer a chat that would fail.
          onConnectedChange: (connected) => !connected && setSocketState('reconnecting'),
          checkSession: () => checkSessionRef.current(),
        });
      })
      .catch(() =>
        setRefused(msg('The call could not be started. Check your connection and reload the page.')),
      );

    return () => {
      stopped = true;
      signalling.current?.stop();
      signalling.current = null;
      closePeer();
    };
  }, [room.roomId, room.polite, room.iceServers, localStream, cameraTrack, outgoingVideo, sendMediaState]);

  // The call owns the local tracks once it starts: they stop when it ends.
  useEffect(
    () => () => {
      localStream?.getTracks().forEach((track) => track.stop());
      screenTrack.current?.stop();
    },
    [localStream],
  );

  const toggleMute = useCallback(() => {
    mutedRef.current = !mutedRef.current;
    const nowMuted = mutedRef.current;
    // A disabled track sends silence: the other side hears nothing, and nothing is renegotiated.
    localStream?.getAudioTracks().forEach((track) => (track.enabled = !nowMuted));
    setMuted(nowMuted);
    sendMediaState();
  }, [localStream, sendMediaState]);

  const toggleCamera = useCallback(() => {
    cameraOffRef.current = !cameraOffRef.current;
    const off = cameraOffRef.current;
    const camera = cameraTrack();
    if (camera) camera.enabled = !off;
    setCameraOff(off);
    void peer.current?.videoSender.replaceTrack(outgoingVideo());
    sendMediaState();
  }, [cameraTrack, outgoingVideo, sendMediaState]);

  const stopSharing = useCallback(() => {
    screenTrack.current?.stop();
    screenTrack.current = null;
    setSharing(false);
    void peer.current?.videoSender.replaceTrack(outgoingVideo());
    sendMediaState();
  }, [outgoingVideo, sendMediaState]);

  const toggleShare = useCallback(async () => {
    if (screenTrack.current) return stopSharing();
    if (!navigator.mediaDevices?.getDisplayMedia) return;
    try {
      const screen = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
      const track = screen.getVideoTracks()[0];
      if (!track) return;
      screenTrack.current = track;
      // The browser's own "Stop sharing" ends the track.
      track.addEventListener('ended', stopSharing);
      setSharing(true);
      sendMediaState();
      await peer.current?.videoSender.replaceTrack(track);
    } catch {
      // The person closed the picker: nothing changes.
    }
  }, [stopSharing, sendMediaState]);

  const sendChat = useCallback(async (text: string): Promise<ChatAck> => {
    const ack = (await signalling.current?.chat(text)) ?? {
      ok: false as const,
      message: msg('The call has ended.'),
    };
    if (ack.ok)
      setMessages((list) => (list.some((m) => m.id === ack.message.id) ? list : [...list, ack.message]));
    return ack;
  }, []);

  const useHere = useCallback(() => signalling.current?.takeOver(), []);

  /** Leaves at once: the camera light goes off and the other side hears of it now, not when the page unmounts. */
  const leave = useCallback(() => {
    signalling.current?.leave();
    signalling.current = null;
    peer.current?.negotiation.close();
    peer.current?.pc.close();
    peer.current = null;
    localStream?.getTracks().forEach((track) => track.stop());
    screenTrack.current?.stop();
  }, [localStream]);

  return {
    socketState,
    peerPresent,
    peerConnectionState,
    remoteStream,
    messages,
    refused,
    elsewhere,
    peerCameraOff: !peerMedia.cameraOn || remoteTrackMuted.video,
    peerMuted: !peerMedia.micOn || remoteTrackMuted.audio,
    muted,
    cameraOff,
    sharing,
    toggleMute,
    toggleCamera,
    toggleShare,
    sendChat,
    useHere,
    leave,
  };
}
