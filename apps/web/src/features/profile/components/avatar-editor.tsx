import { AVATAR_MAX_MB, avatarMessages } from '@skillroute/shared/auth';
import { Camera } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { t, translate } from '@/lib/i18n';
import { toast } from '@/lib/use-toast';
import { AVATAR_ACCEPT, checkAvatarFile } from '../avatar-rules';
import { profileMessages } from '../profile-messages';

interface AvatarEditorProps {
  name: string;
  avatar: string | null;
  /** Uploads the picked file; resolves true when it was saved. */
  onUpload: (file: File) => Promise<boolean>;
}

/** The profile picture: click it to pick an image, see it previewed, then Save or Cancel (spec §2, §4, §5). */
export function AvatarEditor({ name, avatar, onUpload }: AvatarEditorProps) {
  const input = useRef<HTMLInputElement>(null);
  const [picked, setPicked] = useState<{ file: File; previewUrl: string } | null>(null);
  const [uploading, setUploading] = useState(false);

  // The preview's object URL holds the file in memory until it is revoked.
  useEffect(() => (picked ? () => URL.revokeObjectURL(picked.previewUrl) : undefined), [picked]);

  function showError(message: string) {
    toast({ variant: 'destructive', title: profileMessages.errorTitle, description: translate(message) });
  }

  function onPick(file: File | undefined) {
    const problem = checkAvatarFile(file);
    if (problem || !file) {
      showError(problem ?? avatarMessages.missing);
      return;
    }
    setPicked({ file, previewUrl: URL.createObjectURL(file) });
  }

  function cancel() {
    setPicked(null);
    if (input.current) input.current.value = '';
  }

  async function save() {
    if (!picked) return showError(avatarMessages.missing);
    setUploading(true);
    const saved = await onUpload(picked.file);
    setUploading(false);
    if (saved) cancel();
  }

  const shown = picked?.previewUrl ?? avatar;
  return (
    <div className="flex flex-col items-center gap-3">
      <button
        type="button"
        onClick={() => input.current?.click()}
        disabled={uploading}
        aria-label={t('Change profile picture')}
        title={t('Change profile picture')}
        className="group relative rounded-full outline-none focus-visible:ring-[3px] focus-visible:ring-ring/60"
      >
        <Avatar className="size-28 ring-4 ring-background">
          {shown && <AvatarImage src={shown} alt="" />}
          <AvatarFallback className="bg-primary/15 text-4xl font-semibold text-primary">
            {name.slice(0, 1).toUpperCase()}
          </AvatarFallback>
        </Avatar>
        <span className="absolute right-0 bottom-0 flex size-9 items-center justify-center rounded-full border-2 border-background bg-primary text-primary-foreground shadow group-hover:bg-primary/90">
          <Camera className="size-4" aria-hidden="true" />
        </span>
      </button>
      <input
        ref={input}
        type="file"
        accept={AVATAR_ACCEPT}
        aria-label={t('Profile picture file')}
        tabIndex={-1}
        className="hidden"
        onChange={(event) => onPick(event.target.files?.[0])}
      />
      {picked ? (
        <div className="flex gap-2">
          <Button
            type="button"
            size="sm"
            onClick={save}
            disabled={uploading}
            aria-busy={uploading || undefined}
          >
            {uploading && <Spinner />}
            {t('Save')}
          </Button>
          <Button type="button" size="sm" variant="outline" onClick={cancel} disabled={uploading}>
            {t('Cancel')}
          </Button>
        </div>
      ) : (
        <p className="max-w-48 text-center text-xs text-muted-foreground">
          {t('JPG, PNG or WebP, up to {max} MB.', { max: AVATAR_MAX_MB })}
        </p>
      )}
    </div>
  );
}
