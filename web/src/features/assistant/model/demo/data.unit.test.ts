/**
 * The demo data (line log §3, foundations §9) is rich enough for every branch of the assistants,
 * the same in both languages, and every setting's image ships with the app.
 */
import fs from 'node:fs';
import path from 'node:path';
import { DEMO_DATA } from './index.js';

const LANGS = ['it', 'en'] as const;
const IMAGES = path.resolve('web/public/assistant');

describe.each(LANGS)('demo data (%s)', (lang) => {
  const data = DEMO_DATA[lang];
  const workpoints = data.equipment.flatMap((e) => e.workpoints);

  it('has Line 1 to 3 (Linea 1 to 3 in Italian) and three machines with several work points each, names unique', () => {
    expect(data.lines).toEqual(lang === 'it' ? ['Linea 1', 'Linea 2', 'Linea 3'] : ['Line 1', 'Line 2', 'Line 3']);
    expect(data.equipment.map((e) => e.name)).toEqual(lang === 'it' ? ['Riempitrice', 'Capper', 'Cartoner'] : ['Filler', 'Capper', 'Cartoner']);
    for (const e of data.equipment) expect(e.workpoints.length).toBeGreaterThan(1);
    expect(new Set(workpoints).size).toBe(workpoints.length);
  });

  it('gives every work point CIL activities, several at one frequency somewhere, and leaves a frequency empty somewhere', () => {
    const frequencies = lang === 'it' ? ['Giorno', 'Turno', 'Settimana'] : ['Daily', 'Shift', 'Weekly'];
    expect([...new Set(data.cil.map((a) => a.frequency))]).toEqual(frequencies);
    for (const a of data.cil) expect(workpoints).toContain(a.workpoint);
    const count = (wp: string, f: string) => data.cil.filter((a) => a.workpoint === wp && a.frequency === f).length;
    for (const wp of workpoints) expect(data.cil.some((a) => a.workpoint === wp)).toBe(true);
    expect(workpoints.some((wp) => frequencies.some((f) => count(wp, f) > 1))).toBe(true);
    expect(workpoints.some((wp) => frequencies.some((f) => count(wp, f) === 0))).toBe(true);
    expect(new Set(data.cil.map((a) => a.machineStatus))).toEqual(new Set(['stopped', 'off', 'running']));
  });

  it('gives every work point settings, with and without new_measure, and leaves a type empty somewhere', () => {
    const types = lang === 'it' ? ['Meccanica', 'Elettronica'] : ['Mechanical', 'Electronic'];
    expect([...new Set(data.centerline.map((s) => s.cl_type))]).toEqual(types);
    for (const wp of workpoints) expect(data.centerline.some((s) => s.workpoint === wp)).toBe(true);
    expect(data.centerline.some((s) => s.new_measure === null)).toBe(true);
    expect(data.centerline.some((s) => s.new_measure !== null)).toBe(true);
    expect(workpoints.some((wp) => types.some((t) => !data.centerline.some((s) => s.workpoint === wp && s.cl_type === t)))).toBe(true);
  });

  it('ships an SVG image for every setting', () => {
    for (const s of data.centerline) {
      const file = path.join(IMAGES, s.file_name);
      expect(fs.existsSync(file)).toBe(true);
      expect(fs.readFileSync(file, 'utf8')).toMatch(/^<svg /);
    }
  });
});

describe('the two languages', () => {
  it('describe the same plant, activities and settings in the same order', () => {
    const shape = (lang: (typeof LANGS)[number]) => {
      const d = DEMO_DATA[lang];
      const wpIndex = (wp: string) => d.equipment.flatMap((e) => e.workpoints).indexOf(wp);
      return {
        equipment: d.equipment.map((e) => e.workpoints.length),
        cil: d.cil.map((a) => [wpIndex(a.workpoint), a.machineStatus, a.ppe.length, a.tools.length]),
        centerline: d.centerline.map((s) => [wpIndex(s.workpoint), s.new_measure === null, s.file_name]),
      };
    };
    expect(shape('en')).toEqual(shape('it'));
  });
});
