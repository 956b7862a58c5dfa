import { t } from '@/lib/i18n';
import { cn } from '@/lib/utils';

/** The drawing's nodes, in the reader's language. */
const nodes = () =>
  [
    { label: t('Foundations'), kind: 'topic', done: true },
    { label: t('Core concepts'), kind: 'topic', done: true },
    { label: t('Build a project'), kind: 'subtopic', done: false },
    { label: t('Session with a mentor'), kind: 'subtopic', done: false },
  ] as const;

/**
 * A drawing of what a roadmap looks like, for the home page. Decorative: it shows the idea, not data,
 * so it is hidden from assistive technology and the text beside it says the same thing. Node colours
 * are the editor's defaults (spec §3: topic #fdff00, subtopic #f3c950).
 */
export function RoadmapSketch() {
  return (
    <div
      aria-hidden="true"
      className="mx-auto hidden w-full max-w-sm rounded-2xl border bg-card p-6 shadow-sm sm:block"
    >
      <div className="mb-4 flex items-center justify-between text-sm">
        <span className="font-semibold">{t('How a roadmap looks')}</span>
        <span className="text-muted-foreground">{t('2 of 4 done')}</span>
      </div>
      <ol className="relative flex flex-col gap-4 before:absolute before:top-3 before:bottom-3 before:left-[11px] before:w-0.5 before:bg-border">
        {nodes().map((node) => (
          <li
            key={node.label}
            className={cn('relative flex items-center gap-3', node.kind === 'subtopic' && 'pl-6')}
          >
            <span
              className={cn(
                'relative z-10 size-6 shrink-0 rounded-full border-2',
                node.done ? 'border-primary bg-primary' : 'border-input bg-background',
              )}
            />
            <span
              className={cn(
                'flex-1 rounded-md px-3 py-2 text-sm font-medium text-neutral-900',
                node.kind === 'topic' ? 'bg-[#fdff00]' : 'bg-[#f3c950]',
              )}
            >
              {node.label}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
