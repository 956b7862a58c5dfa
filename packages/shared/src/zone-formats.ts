/**
 * `Intl.DateTimeFormat`s of one locale and set of options, one per time zone, each made the first time its zone
 * is asked for: making a format costs far more than using one (the api's clock times in mails and notices were a
 * few percent of its time under load when each call made its own). Only zones the runtime knows are kept, since
 * an unknown one throws, so there are a few hundred at most.
 */
export function formatsPerZone(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (zone: string) => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (zone) => {
    let format = formats.get(zone);
    if (format === undefined) {
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone: zone });
      formats.set(zone, format);
    }
    return format;
  };
}
