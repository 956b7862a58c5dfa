import { FAILURE_TITLE } from '@skillroute/shared/errors';
import { topicNoteMessages } from '@skillroute/shared/topic-note-rules';
import type { TopicNote } from '@skillroute/shared/topic-notes';
import { Trash2 } from 'lucide-react';
import { useId } from 'react';
import { Button } from '@/components/ui/button';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { useSaveTopicNoteMutation } from '../../api';

/**
 * The reader's notes on topics the author has since removed from the roadmap: kept, under the label the topic
 * had when the note was last saved, to read and delete (a removed topic takes no new writing).
 */
export function RemovedTopicNotes({ roadmapId, notes }: { roadmapId: string; notes: TopicNote[] }) {
  const headingId = useId();
  const [saveNote, { isLoading }] = useSaveTopicNoteMutation();
  const remove = async (note: TopicNote) => {
    const result = await saveNote({ roadmapId, nodeId: note.nodeId, text: '' });
    if ('error' in result)
      toast({
        variant: 'destructive',
        title: translate(FAILURE_TITLE),
        description: t('The note could not be deleted.'),
      });
  };

  return (
    <section aria-labelledby={headingId} className="grid gap-3 rounded-lg border p-4">
      <h2 id={headingId} className="font-semibold">
        {translate(topicNoteMessages.removedHeading)}
      </h2>
      <p className="text-sm text-muted-foreground">{translate(topicNoteMessages.removedIntro)}</p>
      <ul className="grid gap-3">
        {notes.map((note) => (
          <li key={note.nodeId} className="grid gap-2 rounded-md border p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <h3 className="font-medium [overflow-wrap:anywhere]">{note.label}</h3>
              <Button
                type="button"
                size="sm"
                variant="outline"
                disabled={isLoading}
                aria-label={t('Delete the note on {topic}', { topic: note.label })}
                onClick={() => void remove(note)}
              >
                <Trash2 aria-hidden="true" />
                {t('Delete')}
              </Button>
            </div>
            <p className="text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">{note.text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
