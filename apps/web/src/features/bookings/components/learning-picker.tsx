import { LEARNING_TOPICS_MAX } from '@skillroute/shared/learning';
import { useId } from 'react';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { t } from '@/lib/i18n';
import { useGetMyProgressQuery, useGetRoadmapQuery } from '@/features/roadmaps/api';

/** What the mentee chose: a session about one of their roadmaps, some of its topics, notes shared or not. */
export interface LearningChoice {
  on: boolean;
  roadmapId: string;
  nodeIds: string[];
  shareNotes: boolean;
}

export const noLearning: LearningChoice = { on: false, roadmapId: '', nodeIds: [], shareNotes: false };

/** The choice a topic's "Find a mentor for …" carried here (`?roadmap=…&topic=…`), or none. */
export function learningFromAddress(params: URLSearchParams): LearningChoice {
  const roadmapId = params.get('roadmap') ?? '';
  if (roadmapId === '') return noLearning;
  const topic = params.get('topic');
  return { on: true, roadmapId, nodeIds: topic ? [topic] : [], shareNotes: false };
}

/** The booking body's learning fields for a choice (none when it is off or has no roadmap). */
export function learningFields(choice: LearningChoice) {
  if (!choice.on || choice.roadmapId === '') return {};
  return { roadmapId: choice.roadmapId, nodeIds: choice.nodeIds, shareNotes: choice.shareNotes };
}

/**
 * "A session about one of my roadmaps" (DESIGN.md §4b): a roadmap the mentee follows (has marks on, as
 * "Continue learning" lists them, plus the one a topic's link brought), up to ten of its topics, and whether
 * the mentor may read the mentee's notes on those. The api checks the same rules again.
 */
export function LearningPicker({
  value,
  onChange,
}: {
  value: LearningChoice;
  onChange: (next: LearningChoice) => void;
}) {
  const ids = { on: useId(), roadmap: useId(), share: useId(), topics: useId() };
  const followed = useGetMyProgressQuery(undefined, { skip: !value.on });
  const roadmap = useGetRoadmapQuery(value.roadmapId, { skip: !value.on || value.roadmapId === '' });
  const choices = [...(followed.data?.roadmaps ?? []).map(({ id, title }) => ({ id, title }))];
  // The roadmap a topic's link brought may not be one the mentee has marks on yet.
  if (value.roadmapId !== '' && roadmap.data && !choices.some((choice) => choice.id === value.roadmapId))
    choices.unshift({ id: roadmap.data.id, title: roadmap.data.title });
  const topics = roadmap.data?.id === value.roadmapId ? roadmap.data.nodes : [];
  const full = value.nodeIds.length >= LEARNING_TOPICS_MAX;

  function toggle(nodeId: string, checked: boolean) {
    const nodeIds = checked ? [...value.nodeIds, nodeId] : value.nodeIds.filter((id) => id !== nodeId);
    onChange({ ...value, nodeIds });
  }

  return (
    <div className="grid gap-3 rounded-md border p-3">
      <div className="flex items-center gap-2">
        <Switch id={ids.on} checked={value.on} onCheckedChange={(on) => onChange({ ...value, on })} />
        <Label htmlFor={ids.on}>{t('A session about one of my roadmaps')}</Label>
      </div>
      {value.on && (
        <>
          <div className="grid gap-1.5">
            <Label htmlFor={ids.roadmap}>{t('Roadmap')}</Label>
            <select
              id={ids.roadmap}
              value={value.roadmapId}
              onChange={(event) => onChange({ ...value, roadmapId: event.target.value, nodeIds: [] })}
              className="h-9 rounded-md border bg-transparent px-2 text-sm"
            >
              <option value="">{t('Choose a roadmap')}</option>
              {choices.map((choice) => (
                <option key={choice.id} value={choice.id}>
                  {choice.title}
                </option>
              ))}
            </select>
            {followed.isSuccess && choices.length === 0 && (
              <p className="text-xs text-muted-foreground">
                {t('Mark topics on a roadmap you follow and it shows here.')}
              </p>
            )}
          </div>
          {topics.length > 0 && (
            <fieldset className="grid gap-1.5" aria-describedby={ids.topics}>
              <legend className="text-sm font-medium">{t('Topics you want help with')}</legend>
              <p id={ids.topics} className="text-xs text-muted-foreground" aria-live="polite">
                {t('{count} of {max} chosen', { count: value.nodeIds.length, max: LEARNING_TOPICS_MAX })}
              </p>
              <ul className="grid max-h-48 gap-1 overflow-y-auto">
                {topics.map((topic) => {
                  const checked = value.nodeIds.includes(topic.id);
                  return (
                    <li key={topic.id}>
                      <label className="flex items-center gap-2 text-sm [overflow-wrap:anywhere]">
                        <input
                          type="checkbox"
                          checked={checked}
                          disabled={!checked && full}
                          onChange={(event) => toggle(topic.id, event.target.checked)}
                        />
                        {topic.data.label}
                      </label>
                    </li>
                  );
                })}
              </ul>
            </fieldset>
          )}
          {value.roadmapId !== '' && (
            <div className="flex items-center gap-2">
              <Switch
                id={ids.share}
                checked={value.shareNotes}
                onCheckedChange={(shareNotes) => onChange({ ...value, shareNotes })}
              />
              <Label htmlFor={ids.share}>{t('Share my notes on these topics with the mentor')}</Label>
            </div>
          )}
        </>
      )}
    </div>
  );
}
