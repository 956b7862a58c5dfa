import {
  TOPIC_NOTE_MAX,
  TOPIC_NOTE_SAVE_DELAY_MS,
  topicNoteMessages,
} from '@skillroute/shared/topic-note-rules';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { errorMessage } from '@/lib/api-error';
import { translate } from '@/lib/i18n';
import { useSaveTopicNoteMutation } from '../../api';

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';

const stateWords: Record<SaveState, string> = {
  idle: '',
  saving: topicNoteMessages.saving,
  saved: topicNoteMessages.saved,
  failed: topicNoteMessages.notSaved,
};

/**
 * The reader's private note on one topic, saved as they type: one save after each pause of
 * TOPIC_NOTE_SAVE_DELAY_MS, not one per keystroke, and whatever is still waiting when the drawer closes. The
 * status is a polite live region, so a screen reader hears "Saved" without losing its place. Mounted per topic
 * (keyed by its id): the text is the reader's while the drawer is open, never reset by an answer arriving.
 */
export function TopicNoteEditor({
  roadmapId,
  nodeId,
  initialText,
}: {
  roadmapId: string;
  nodeId: string;
  initialText: string;
}) {
  const id = useId();
  const [text, setText] = useState(initialText);
  const [state, setState] = useState<SaveState>('idle');
  /** Why the last save failed, in the api's words when it gave some (a topic removed meanwhile, too many saves). */
  const [failure, setFailure] = useState('');
  const [saveNote] = useSaveTopicNoteMutation();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** The text typed since the last save began, if any. */
  const waiting = useRef<string | undefined>(undefined);
  /** Counts saves, so only the newest one's answer sets the status. */
  const attempts = useRef(0);

  // Stable for the editor's life (one topic), so the effect below cleans up only when the drawer lets it go.
  const save = useCallback(
    async (value: string) => {
      clearTimeout(timer.current);
      waiting.current = undefined;
      attempts.current += 1;
      const attempt = attempts.current;
      setState('saving');
      const result = await saveNote({ roadmapId, nodeId, text: value });
      if (attempt !== attempts.current) return;
      if ('error' in result) setFailure(errorMessage(result.error, ''));
      setState('error' in result ? 'failed' : 'saved');
    },
    [saveNote, roadmapId, nodeId],
  );

  // Closing the drawer (Escape, the close button, another topic) saves what is still waiting at once.
  useEffect(
    () => () => {
      if (waiting.current !== undefined) void save(waiting.current);
    },
    [save],
  );

  const onChange = (value: string) => {
    setText(value);
    setState('saving');
    waiting.current = value;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void save(value), TOPIC_NOTE_SAVE_DELAY_MS);
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={`${id}-note`} className="text-base font-semibold">
        {translate(topicNoteMessages.label)}
      </Label>
      <p id={`${id}-private`} className="text-sm text-muted-foreground">
        {translate(topicNoteMessages.private)}
      </p>
      <Textarea
        id={`${id}-note`}
        value={text}
        maxLength={TOPIC_NOTE_MAX}
        rows={6}
        aria-describedby={`${id}-private`}
        onChange={(event) => onChange(event.target.value)}
      />
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2">
        <p
          id={`${id}-status`}
          role="status"
          className={state === 'failed' ? 'text-sm text-destructive' : 'text-sm text-muted-foreground'}
        >
          {translate(stateWords[state])}
          {state === 'failed' && failure && ` ${failure}`}
        </p>
        {state === 'failed' && (
          <Button type="button" size="sm" variant="outline" onClick={() => void save(text)}>
            {translate(topicNoteMessages.retry)}
          </Button>
        )}
      </div>
    </div>
  );
}
