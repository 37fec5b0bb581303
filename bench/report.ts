// Markdown output and the run's verdict.
export type Section = { title: string; lines: string[]; failures: string[] };

export function table(headers: string[], rows: Array<Array<string | number>>): string[] {
  return [
    `| ${headers.join(' | ')} |`,
    `|${headers.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
}

export const ms = (v: number) => (Number.isFinite(v) ? String(Math.round(v)) : '-');

export function printSection(section: Section): void {
  console.log(`\n### ${section.title}\n`);
  for (const line of section.lines) console.log(line);
  for (const failure of section.failures) console.log(`\nFAILED: ${failure}`);
}
