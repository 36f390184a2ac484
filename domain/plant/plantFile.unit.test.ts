import { parsePlantFile } from './plantFile.js';
import { smallPlantFile } from '../../test/builders/plantFixtures.js';

const issuesOf = (raw: unknown) => {
  const r = parsePlantFile(raw);
  if (r.ok) throw new Error('expected issues');
  return r.issues;
};

describe('a plant file', () => {
  it('accepts the small plant and fills defaults', () => {
    const r = parsePlantFile(smallPlantFile());
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.plant.shopFloors[1]).toMatchObject({ manageExtraShift: false, shifts: [], reportLabels: [], units: { unit2: '', unit3: '' } });
  });

  it('names the JSON path of each bad field', () => {
    const raw = smallPlantFile() as any;
    raw.shopFloors[0].lines[1].name = '';
    raw.shopFloors[0].shifts[2].end = '25:00';
    raw.shopFloors[1].units = {};
    raw.shopFloors[0].lines[0].equipments[0].workpoints[0].stopCodes.push(42);
    expect(
      issuesOf(raw)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['shopFloors[0].lines[0].equipments[0].workpoints[0].stopCodes[2]', 'shopFloors[0].lines[1].name', 'shopFloors[0].shifts[2].end', 'shopFloors[1].units.unit1']);
  });

  it('refuses repeated sibling names, shift codes and unknown keys', () => {
    const raw = smallPlantFile() as any;
    raw.shopFloors[0].lines[1].name = 'Linea 1';
    raw.shopFloors[0].shifts[1].code = 'A';
    raw.triggeringEvents.push('Cambio formato');
    raw.shopFloors[0].colour = 'blu';
    expect(
      issuesOf(raw)
        .map((i) => i.path)
        .sort(),
    ).toEqual(['shopFloors[0]', 'shopFloors[0].lines[1].name', 'shopFloors[0].shifts[1].code', 'triggeringEvents[2]']);
  });

  it('takes a counting machine only among the line’s own machines', () => {
    const raw = smallPlantFile() as any;
    raw.shopFloors[0].lines[0].countingEquipment = 'Capper';
    expect(parsePlantFile(raw)).toMatchObject({ ok: true, plant: { shopFloors: [{ lines: [{ countingEquipment: 'Capper' }, {}] }, {}] } });
    raw.shopFloors[0].lines[1].countingEquipment = 'Capper';
    expect(issuesOf(raw)).toEqual([{ path: 'shopFloors[0].lines[1].countingEquipment', message: 'Nessuna macchina della linea ha questo nome' }]);
  });

  it('requires every DBR constant as a number', () => {
    const raw = smallPlantFile() as any;
    raw.shopFloors[0].lines[0].dbrConstants = { def_speed: '12000' };
    const paths = issuesOf(raw).map((i) => i.path);
    expect(paths).toContain('shopFloors[0].lines[0].dbrConstants.def_speed');
    expect(paths).toContain('shopFloors[0].lines[0].dbrConstants.waste_threshold');
  });

  it('refuses a shift that starts and ends at the same time, and an empty plant', () => {
    const raw = smallPlantFile() as any;
    raw.shopFloors[0].shifts[0].end = '06:00';
    expect(issuesOf(raw).map((i) => i.path)).toEqual(['shopFloors[0].shifts[0].end']);
    expect(issuesOf({ shopFloors: [] }).map((i) => i.path)).toEqual(['shopFloors']);
    expect(issuesOf(null).map((i) => i.path)).toEqual(['$']);
  });

  it("refuses a line's stop threshold outside 1 to 120 minutes, naming it", () => {
    for (const bad of [0.5, 121, '5']) {
      const raw = smallPlantFile() as any;
      raw.shopFloors[0].lines[1].stopThresholdMinutes = bad;
      expect(issuesOf(raw)).toEqual([{ path: 'shopFloors[0].lines[1].stopThresholdMinutes', message: 'Deve essere compreso tra 1 e 120 minuti' }]);
    }
    const raw = smallPlantFile() as any;
    raw.shopFloors[0].lines[1].stopThresholdMinutes = 5;
    expect(parsePlantFile(raw).ok).toBe(true);
  });
});
