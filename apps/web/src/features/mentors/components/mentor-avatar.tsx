import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/utils';
import { initials } from '../format';

/** A mentor's picture, or their initials; decorative, since their name is always written beside it. */
export function MentorAvatar({
  name,
  avatar,
  className,
}: {
  name: string;
  avatar: string | null;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-14', className)} aria-hidden="true">
      {avatar && <AvatarImage src={avatar} alt="" />}
      <AvatarFallback className="bg-primary/10 text-base font-semibold text-primary">
        {initials(name)}
      </AvatarFallback>
    </Avatar>
  );
}
