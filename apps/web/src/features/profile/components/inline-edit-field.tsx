import type * as React from 'react';
import { Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { t } from '@/lib/i18n';
import { Spinner } from '@/components/ui/spinner';

interface InlineEditFieldProps {
  label: string;
  value: string;
  /** The rule's message for a bad value, or null when it may be saved. */
  validate: (value: string) => string | null;
  /** Saves a changed, valid value; reports its own outcome (toasts). */
  onSave: (value: string) => Promise<void>;
  /** How the value reads when not editing (e.g. "5+ years experience" for 5). */
  display?: (value: string) => string;
  /** A long text (a bio): a text area, where Shift+Enter starts a new line and Enter still saves. */
  multiline?: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
}

/**
 * A value shown as text that turns into an input when clicked (spec §2, §4): Enter saves, Escape and
 * leaving the field cancel, an unchanged value makes no call, a bad value keeps the field open with the
 * rule's message under it.
 */
export function InlineEditField({
  label,
  value,
  validate,
  onSave,
  display = (text) => text,
  multiline = false,
  inputMode,
}: InlineEditFieldProps) {
  const id = useId();
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState<string | null>(null);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  function start() {
    setDraft(value);
    setError(null);
    setEditing(true);
  }

  function stop(keepFocus: boolean) {
    returnFocus.current = keepFocus;
    setEditing(false);
    setError(null);
  }

  async function commit() {
    const next = draft.trim();
    if (next === value) return stop(true);
    const problem = validate(draft);
    if (problem) return setError(problem);
    stop(true);
    setSaving(next);
    try {
      await onSave(next);
    } finally {
      setSaving(null);
    }
  }

  if (editing) {
    const Control = multiline ? Textarea : Input;
    const hintId = `${id}-hint`;
    const errorId = `${id}-error`;
    return (
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Control
          id={id}
          value={draft}
          autoFocus
          inputMode={inputMode}
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
            setDraft(event.target.value)
          }
          onBlur={() => stop(false)}
          onKeyDown={(event: React.KeyboardEvent) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              void commit();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              stop(true);
            }
          }}
          className={multiline ? 'min-h-32' : 'max-w-xs'}
          {...(multiline ? { rows: 6 } : {})}
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          {multiline
            ? t('Press Enter to save, Shift+Enter for a new line, Escape to cancel.')
            : t('Press Enter to save, Escape to cancel.')}
        </p>
        {error && (
          <p id={errorId} role="alert" className="text-sm font-medium text-destructive dark:text-red-300">
            {error}
          </p>
        )}
      </div>
    );
  }

  return (
    <div className="grid gap-1">
      <span className="text-sm font-medium text-muted-foreground">{label}</span>
      <button
        ref={editButton}
        type="button"
        // Not disabled while saving: a disabled button would drop the focus it was just given back.
        onClick={() => saving === null && start()}
        aria-busy={saving !== null || undefined}
        title={t('Click to edit')}
        className="group -mx-2 flex w-fit items-center gap-2 rounded-md px-2 py-1 text-left text-lg font-semibold outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-busy:opacity-70"
      >
        <span
          className={
            multiline
              ? 'text-base font-normal whitespace-pre-wrap [overflow-wrap:anywhere]'
              : '[overflow-wrap:anywhere]'
          }
        >
          {display(saving ?? value)}
        </span>
        {saving !== null ? (
          <Spinner className="shrink-0" />
        ) : (
          // shrink-0: beside a long value at phone width the icon would otherwise be squeezed to a sliver.
          <Pencil
            className="size-4 shrink-0 text-muted-foreground group-hover:text-foreground"
            aria-hidden="true"
          />
        )}
        <span className="sr-only">{t(', edit {field}', { field: label.toLowerCase() })}</span>
      </button>
    </div>
  );
}
