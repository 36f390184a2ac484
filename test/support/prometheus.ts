/**
 * A strict reader of Prometheus' text exposition format (version 0.0.4), for tests: any line
 * it does not understand, a sample of an undeclared family, a family declared twice or a
 * histogram whose buckets do not add up throws, so "it parses" means something.
 */

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export interface Family {
  name: string;
  type: 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';
  help: string;
  samples: Sample[];
}

const NAME = '[a-zA-Z_:][a-zA-Z0-9_:]*';
const LABEL = '[a-zA-Z_][a-zA-Z0-9_]*';
const SAMPLE = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: (-?\\d+))?$`);
const LABEL_PAIR = new RegExp(`^(${LABEL})="((?:[^"\\\\]|\\\\["\\\\n])*)"(,|$)`);
const TYPES = new Set(['counter', 'gauge', 'histogram', 'summary', 'untyped']);

function parseValue(text: string, line: string): number {
  if (text === '+Inf') return Infinity;
  if (text === '-Inf') return -Infinity;
  if (text === 'NaN') return NaN;
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new Error(`not a number in: ${line}`);
  return Number(text);
}

function parseLabels(text: string | undefined, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text ?? '';
  while (rest.length > 0) {
    const m = LABEL_PAIR.exec(rest);
    if (!m) throw new Error(`bad labels in: ${line}`);
    if (m[1]! in labels) throw new Error(`label ${m[1]} twice in: ${line}`);
    labels[m[1]!] = m[2]!.replace(/\\(["\\n])/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(m[0].length);
  }
  return labels;
}

/** The family a sample belongs to: its own name, or a histogram's or summary's without the suffix. */
function familyOf(families: Map<string, Family>, name: string): Family | undefined {
  const own = families.get(name);
  if (own) return own;
  const base = /^(.*)_(bucket|sum|count)$/.exec(name);
  const family = base ? families.get(base[1]!) : undefined;
  if (!family) return undefined;
  if (family.type === 'histogram' || (family.type === 'summary' && base![2] !== 'bucket')) return family;
  return undefined;
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const helps = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (line.startsWith('#')) {
      const m = new RegExp(`^# (HELP|TYPE) (${NAME}) (.*)$`).exec(line);
      if (!m) throw new Error(`bad comment line: ${line}`);
      const [, kind, name, rest] = m as unknown as [string, string, string, string];
      if (kind === 'HELP') helps.set(name, rest);
      else {
        if (!TYPES.has(rest)) throw new Error(`unknown type in: ${line}`);
        if (families.has(name)) throw new Error(`family ${name} declared twice`);
        families.set(name, { name, type: rest as Family['type'], help: helps.get(name) ?? '', samples: [] });
      }
      continue;
    }
    const m = SAMPLE.exec(line);
    if (!m) throw new Error(`bad sample line: ${line}`);
    const family = familyOf(families, m[1]!);
    if (!family) throw new Error(`sample of an undeclared family: ${line}`);
    family.samples.push({ name: m[1]!, labels: parseLabels(m[2], line), value: parseValue(m[3]!, line) });
  }
  for (const f of families.values()) if (f.type === 'histogram') checkHistogram(f);
  return families;
}

/** Per label set: buckets rising with le, ending at +Inf, which equals _count. */
function checkHistogram(f: Family): void {
  const key = (labels: Record<string, string>) =>
    JSON.stringify(
      Object.entries(labels)
        .filter(([k]) => k !== 'le')
        .sort(),
    );
  const series = new Map<string, { buckets: Array<[number, number]>; count?: number }>();
  for (const s of f.samples) {
    const entry = series.get(key(s.labels)) ?? { buckets: [] };
    series.set(key(s.labels), entry);
    if (s.name === `${f.name}_bucket`) entry.buckets.push([parseValue(s.labels.le ?? '', s.name), s.value]);
    if (s.name === `${f.name}_count`) entry.count = s.value;
  }
  for (const [labels, { buckets, count }] of series) {
    for (let i = 1; i < buckets.length; i++)
      if (buckets[i]![0] <= buckets[i - 1]![0] || buckets[i]![1] < buckets[i - 1]![1]) throw new Error(`${f.name}${labels}: buckets out of order`);
    const last = buckets.at(-1);
    if (!last || last[0] !== Infinity || last[1] !== count) throw new Error(`${f.name}${labels}: the +Inf bucket must equal _count`);
  }
}

/** The value of the one sample of `name` with these labels (a subset match); undefined when none. */
export function sampleValue(families: Map<string, Family>, name: string, labels: Record<string, string> = {}): number | undefined {
  const family = familyOf(families, name);
  const matches = (family?.samples ?? []).filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  if (matches.length > 1) throw new Error(`${name} ${JSON.stringify(labels)}: ${matches.length} samples`);
  return matches[0]?.value;
}
