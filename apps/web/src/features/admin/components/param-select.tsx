import { useSearchParams } from 'react-router';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { withParam } from './pager';

/** The option of a filter that sets nothing ("All statuses", "Everyone"): the parameter leaves the address. */
export const ANY = 'any';

/** The value of `param` when it is one of the options, else undefined (absent, "any" or made up by hand). */
export function paramOneOf<T extends string>(
  value: string | null,
  options: readonly { value: string }[],
): T | undefined {
  if (value === null || value === ANY) return undefined;
  return options.find((option) => option.value === value)?.value as T | undefined;
}

/** A labelled filter of an admin list kept in the address (`?param=`); choosing one goes back to page 1. */
export function ParamSelect({
  id,
  label,
  param,
  options,
  className,
}: {
  id: string;
  label: string;
  param: string;
  options: readonly { value: string; label: string }[];
  className?: string;
}) {
  const [params, setParams] = useSearchParams();
  const value = paramOneOf(params.get(param), options) ?? ANY;
  return (
    <div className="grid gap-2">
      <Label id={id}>{label}</Label>
      <Select
        value={value}
        onValueChange={(next) => setParams(withParam(params, param, next === ANY ? undefined : next))}
      >
        <SelectTrigger aria-labelledby={id} className={className}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}
