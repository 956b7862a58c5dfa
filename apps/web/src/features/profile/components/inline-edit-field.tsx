import { Pencil } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Spinner } from '@/components/ui/spinner';

interface InlineEditFieldProps {
  label: string;
  value: string;
  /** The rule's message for a bad value, or null when it may be saved. */
  validate: (value: string) => string | null;
  /** Saves a changed, valid value; reports its own outcome (toasts). */
  onSave: (value: string) => Promise<void>;
}

/**
 * A value shown as text that turns into an input when clicked (spec §2, §4): Enter saves, Escape and
 * leaving the field cancel, an unchanged value makes no call, a bad value keeps the field open with the
 * rule's message under it.
 */
export function InlineEditField({ label, value, validate, onSave }: InlineEditFieldProps) {
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
    const hintId = `${id}-hint`;
    const errorId = `${id}-error`;
    return (
      <div className="grid gap-2">
        <Label htmlFor={id}>{label}</Label>
        <Input
          id={id}
          value={draft}
          autoFocus
          aria-invalid={Boolean(error)}
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          onChange={(event) => setDraft(event.target.value)}
          onBlur={() => stop(false)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              void commit();
            } else if (event.key === 'Escape') {
              event.preventDefault();
              stop(true);
            }
          }}
          className="max-w-xs"
        />
        <p id={hintId} className="text-xs text-muted-foreground">
          Press Enter to save, Escape to cancel.
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
        title="Click to edit"
        className="group -mx-2 flex w-fit items-center gap-2 rounded-md px-2 py-1 text-left text-lg font-semibold outline-none hover:bg-accent focus-visible:ring-[3px] focus-visible:ring-ring/60 aria-busy:opacity-70"
      >
        <span className="[overflow-wrap:anywhere]">{saving ?? value}</span>
        {saving !== null ? (
          <Spinner />
        ) : (
          <Pencil className="size-4 text-muted-foreground group-hover:text-foreground" aria-hidden="true" />
        )}
        <span className="sr-only">, edit {label.toLowerCase()}</span>
      </button>
    </div>
  );
}
