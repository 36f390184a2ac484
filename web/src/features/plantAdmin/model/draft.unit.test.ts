import { changeText, fieldMessage, forServer, move, newEquipment, newLine, newShopFloor, searchKeys, withEdit, EMPTY_PLANT } from './draft.js';

const plant = withEdit(EMPTY_PLANT, (d) => {
  const floor = newShopFloor('Confezionamento');
  const line = newLine('Linea 1');
  line.equipments.push({ name: 'Filler', workpoints: [{ name: 'Giostra', stopCodes: [{ name: 'Valvola bloccata' }] }] }, newEquipment('Capper'));
  floor.lines.push(line, newLine('Linea 2'));
  d.shopFloors.push(floor);
});

describe('the plant draft', () => {
  it('edits a copy, never the draft it was given', () => {
    const edited = withEdit(plant, (d) => (d.shopFloors[0]!.name = 'Reparto nuovo'));
    expect([plant.shopFloors[0]!.name, edited.shopFloors[0]!.name]).toEqual(['Confezionamento', 'Reparto nuovo']);
  });

  it('moves an item one place, and not past either end', () => {
    const list = ['A', 'B', 'C'];
    move(list, 0, 1);
    expect(list).toEqual(['B', 'A', 'C']);
    move(list, 0, -1);
    move(list, 2, 1);
    expect(list).toEqual(['B', 'A', 'C']);
  });

  it('gives a line left without a reference machine its first machine', () => {
    const sent = forServer(plant);
    expect(sent.shopFloors[0]!.lines.map((l) => l.referenceMachine)).toEqual(['Filler', '']);
  });

  it('finds an item with its parents and its children', () => {
    expect(searchKeys(plant, '  ')).toBeNull();
    expect([...searchKeys(plant, 'giostra')!].sort()).toEqual(['0', '0.0', '0.0.0', '0.0.0.0', '0.0.0.0.0']);
    expect([...searchKeys(plant, 'LINEA 2')!].sort()).toEqual(['0', '0.1']);
  });

  it('reads a refused field in either of the calls’ spellings', () => {
    const fields = { 'plant.shopFloors.0.lines.1.name': 'Nome ripetuto: Linea 2', 'shopFloors[0].lines[0].id': 'Nessun elemento attivo (linea) con id 9' };
    expect(fieldMessage(fields, 'shopFloors.0.lines.1.name')).toBe('Nome ripetuto: Linea 2');
    expect(fieldMessage(fields, 'shopFloors.0.lines.0.id')).toBe('Nessun elemento attivo (linea) con id 9');
    expect(fieldMessage(fields, 'shopFloors.0.name')).toBeUndefined();
  });

  it('says a change in Italian', () => {
    expect(changeText({ event: 'EquipmentAdded', change: 'added', kind: 'equipment', id: 10, path: ['Confezionamento', 'Linea 1'], name: 'Etichettatrice' })).toBe(
      'Aggiunto · Macchina · Confezionamento › Linea 1 › Etichettatrice',
    );
    expect(changeText({ event: 'LineRenamed', change: 'renamed', kind: 'line', id: 3, path: ['Confezionamento'], name: 'Linea 3 nuova', previousName: 'Linea 3' })).toBe(
      'Rinominato · Linea · Confezionamento › Linea 3 → Linea 3 nuova',
    );
  });
});
