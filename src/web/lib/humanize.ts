/** 'no_show' -> 'No show': a status or code written out when no label names it. */
export function humanize(value: string): string {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
