import { CHAT_MESSAGE_MAX, type ChatAck, type ChatMessage } from '@skillroute/shared/meet';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { t, translate } from '@/lib/i18n';
import { displayLocale } from '@/lib/time-zones';

const timeOf = (iso: string) =>
  new Intl.DateTimeFormat(displayLocale(), { hour: 'numeric', minute: '2-digit' }).format(new Date(iso));

/**
 * The room's text chat: the history kept with the booking, and a box that sends on Enter (Shift+Enter for a new line).
 * Out of the room (still connecting, or reconnecting) nothing can be sent, so the box keeps what is typed and says so.
 */
export function ChatPanel({
  messages,
  selfId,
  peerName,
  onSend,
  inRoom,
}: {
  messages: ChatMessage[];
  selfId: string;
  peerName: string;
  onSend(text: string): Promise<ChatAck>;
  inRoom: boolean;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const list = useRef<HTMLOListElement>(null);

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'end' });
  }, [messages.length]);

  async function send() {
    if (sending || !inRoom) return;
    setSending(true);
    const ack = await onSend(text);
    setSending(false);
    if (ack.ok) {
      setText('');
      setError(null);
    } else setError(ack.message);
  }

  return (
    <section
      aria-labelledby="chat-title"
      className="flex min-h-0 flex-col gap-3 rounded-xl border bg-card p-3"
    >
      <h2 id="chat-title" className="font-semibold">
        {t('Chat')}
      </h2>
      <ol
        ref={list}
        aria-label={t('Messages')}
        aria-live="polite"
        className="flex min-h-24 flex-1 flex-col gap-2 overflow-y-auto text-sm"
      >
        {messages.length === 0 && <li className="text-muted-foreground">{t('No messages yet.')}</li>}
        {messages.map((message) => (
          <li key={message.id} className="flex flex-col">
            <span className="text-xs text-muted-foreground">
              {message.fromId === selfId ? t('You') : peerName} · {timeOf(message.sentAt)}
            </span>
            <span className="whitespace-pre-line [overflow-wrap:anywhere]">{message.text}</span>
          </li>
        ))}
      </ol>
      <form
        className="flex flex-col gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <Label htmlFor="chat-message">{t('Message')}</Label>
        <Textarea
          id="chat-message"
          rows={2}
          value={text}
          maxLength={CHAT_MESSAGE_MAX}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'chat-error' : inRoom ? undefined : 'chat-waiting'}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              void send();
            }
          }}
        />
        {!inRoom && (
          <p id="chat-waiting" className="text-sm text-muted-foreground">
            {t('You can send messages once you are connected.')}
          </p>
        )}
        {error && (
          <p id="chat-error" role="alert" className="text-sm text-destructive">
            {translate(error)}
          </p>
        )}
        <Button type="submit" variant="secondary" disabled={sending || !inRoom}>
          {t('Send')}
        </Button>
      </form>
    </section>
  );
}
