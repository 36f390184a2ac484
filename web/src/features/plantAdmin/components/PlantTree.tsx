/**
 * The plant as a tree: shop floor → line → machine → area → stop codes, each name editable in
 * place, each level with its 'Aggiungi' row and every item with 'Ritira'. A shop floor opens its
 * settings, a line its reference machine and stop threshold.
 */
import type { DraftEquipment, DraftLine, DraftWorkpoint, PlantDraft } from '../model/draft.js';
import { fieldMessage, newEquipment, newLine, newWorkpoint } from '../model/draft.js';
import { AddRow, ItemHistory, NameInput, RetireButton } from './fields.js';
import { ShopFloorSettings } from './ShopFloorSettings.js';

export interface TreeProps {
  draft: PlantDraft;
  update(edit: (d: PlantDraft) => void): void;
  fields?: Record<string, string>;
  /** The nodes a search shows; null: all. */
  keys: Set<string> | null;
}

export function PlantTree({ draft, update, fields, keys }: TreeProps) {
  const shown = (key: string) => !keys || keys.has(key);
  const open = keys !== null;
  return (
    <div className="plant-tree">
      {draft.shopFloors.map((floor, fi) =>
        !shown(`${fi}`) ? null : (
          <details key={floor.id ?? `new-${fi}`} className="card plant-floor" open>
            <summary>
              <span className="plant-kind">Reparto</span> {floor.name}
            </summary>
            <div className="plant-row">
              <NameInput
                label={`Nome del reparto ${floor.name}`}
                value={floor.name}
                error={fieldMessage(fields, `shopFloors.${fi}.name`) ?? fieldMessage(fields, `shopFloors.${fi}.id`)}
                onChange={(v) => update((d) => (d.shopFloors[fi]!.name = v))}
              />
              <RetireButton subject={floor.name} onRetire={() => update((d) => d.shopFloors.splice(fi, 1))} />
              <ItemHistory kind="shopFloor" id={floor.id} subject={`Reparto ${floor.name}`} />
            </div>
            <ShopFloorSettings floor={floor} at={`shopFloors.${fi}`} fields={fields} update={(edit) => update((d) => edit(d.shopFloors[fi]!))} />
            <h3 className="plant-sub">Linee</h3>
            {floor.lines.map((line, li) =>
              !shown(`${fi}.${li}`) ? null : (
                <LineNode
                  key={line.id ?? `new-${li}`}
                  line={line}
                  at={`shopFloors.${fi}.lines.${li}`}
                  fields={fields}
                  keyOf={`${fi}.${li}`}
                  shown={shown}
                  open={open}
                  update={(edit) => update((d) => edit(d.shopFloors[fi]!.lines[li]!))}
                  retire={() => update((d) => d.shopFloors[fi]!.lines.splice(li, 1))}
                />
              ),
            )}
            <AddRow placeholder={`Nuova linea in ${floor.name}`} onAdd={(name) => update((d) => d.shopFloors[fi]!.lines.push(newLine(name)))} />
          </details>
        ),
      )}
    </div>
  );
}

interface NodeProps<T> {
  at: string;
  keyOf: string;
  fields?: Record<string, string>;
  shown(key: string): boolean;
  open: boolean;
  update(edit: (item: T) => void): void;
  retire(): void;
}

function LineNode({ line, at, keyOf, fields, shown, open, update, retire }: NodeProps<DraftLine> & { line: DraftLine }) {
  const machines = `machines-${keyOf.replace(/\./g, '-')}`;
  return (
    <details className="plant-node plant-line" open>
      <summary>
        <span className="plant-kind">Linea</span> {line.name}
      </summary>
      <div className="plant-row">
        <NameInput label={`Nome della linea ${line.name}`} value={line.name} error={fieldMessage(fields, `${at}.name`)} onChange={(v) => update((l) => (l.name = v))} />
        <RetireButton subject={line.name} onRetire={retire} />
        <ItemHistory kind="line" id={line.id} subject={`Linea ${line.name}`} />
      </div>
      <div className="plant-settings">
        <label className="field">
          <span className="field-label">Macchina di riferimento</span>
          <input
            list={machines}
            value={line.referenceMachine}
            maxLength={120}
            placeholder={line.equipments[0]?.name ?? 'La prima macchina'}
            onChange={(e) => update((l) => (l.referenceMachine = e.target.value))}
          />
          <datalist id={machines}>
            {line.equipments.map((e) => (
              <option key={e.name} value={e.name} />
            ))}
          </datalist>
          {fieldMessage(fields, `${at}.referenceMachine`) && <span className="field-hint field-hint-error">{fieldMessage(fields, `${at}.referenceMachine`)}</span>}
        </label>
        <label className="field">
          <span className="field-label">Soglia di fermo (minuti)</span>
          <input
            type="number"
            min={1}
            max={120}
            step="any"
            inputMode="decimal"
            placeholder="Predefinita"
            value={line.stopThresholdMinutes ?? ''}
            onChange={(e) =>
              update((l) => {
                if (e.target.value === '') delete l.stopThresholdMinutes;
                else l.stopThresholdMinutes = Number(e.target.value);
              })
            }
          />
          {fieldMessage(fields, `${at}.stopThresholdMinutes`) && <span className="field-hint field-hint-error">{fieldMessage(fields, `${at}.stopThresholdMinutes`)}</span>}
        </label>
      </div>
      {fieldMessage(fields, `${at}.equipments`) && <p className="field-hint field-hint-error">{fieldMessage(fields, `${at}.equipments`)}</p>}
      {line.equipments.map((eq, ei) =>
        !shown(`${keyOf}.${ei}`) ? null : (
          <EquipmentNode
            key={eq.id ?? `new-${ei}`}
            equipment={eq}
            at={`${at}.equipments.${ei}`}
            keyOf={`${keyOf}.${ei}`}
            fields={fields}
            shown={shown}
            open={open}
            update={(edit) => update((l) => edit(l.equipments[ei]!))}
            retire={() => update((l) => l.equipments.splice(ei, 1))}
          />
        ),
      )}
      <AddRow placeholder={`Nuova macchina in ${line.name}`} onAdd={(name) => update((l) => l.equipments.push(newEquipment(name)))} />
    </details>
  );
}

function EquipmentNode({ equipment, at, keyOf, fields, shown, open, update, retire }: NodeProps<DraftEquipment> & { equipment: DraftEquipment }) {
  return (
    <details className="plant-node" open={open || equipment.id === undefined}>
      <summary>
        <span className="plant-kind">Macchina</span> {equipment.name}
      </summary>
      <div className="plant-row">
        <NameInput
          label={`Nome della macchina ${equipment.name}`}
          value={equipment.name}
          error={fieldMessage(fields, `${at}.name`)}
          onChange={(v) => update((e) => (e.name = v))}
        />
        <RetireButton subject={equipment.name} onRetire={retire} />
        <ItemHistory kind="equipment" id={equipment.id} subject={`Macchina ${equipment.name}`} />
      </div>
      {equipment.workpoints.map((wp, wi) =>
        !shown(`${keyOf}.${wi}`) ? null : (
          <WorkpointNode
            key={wp.id ?? `new-${wi}`}
            workpoint={wp}
            at={`${at}.workpoints.${wi}`}
            keyOf={`${keyOf}.${wi}`}
            fields={fields}
            shown={shown}
            open={open}
            update={(edit) => update((e) => edit(e.workpoints[wi]!))}
            retire={() => update((e) => e.workpoints.splice(wi, 1))}
          />
        ),
      )}
      <AddRow placeholder={`Nuova area in ${equipment.name}`} onAdd={(name) => update((e) => e.workpoints.push(newWorkpoint(name)))} />
    </details>
  );
}

function WorkpointNode({ workpoint, at, keyOf, fields, shown, update, retire }: NodeProps<DraftWorkpoint> & { workpoint: DraftWorkpoint }) {
  return (
    <div className="plant-node plant-workpoint">
      <div className="plant-row">
        <span className="plant-kind">Area</span>
        <NameInput label={`Nome dell'area ${workpoint.name}`} value={workpoint.name} error={fieldMessage(fields, `${at}.name`)} onChange={(v) => update((w) => (w.name = v))} />
        <RetireButton subject={workpoint.name} onRetire={retire} />
        <ItemHistory kind="workpoint" id={workpoint.id} subject={`Area ${workpoint.name}`} />
      </div>
      <ul className="plant-codes" aria-label={`Codici di stop di ${workpoint.name}`}>
        {workpoint.stopCodes.map((code, ci) =>
          !shown(`${keyOf}.${ci}`) ? null : (
            <li key={code.id ?? `new-${ci}`} className="plant-row">
              <NameInput
                label={`Codice di stop ${code.name}`}
                value={code.name}
                error={fieldMessage(fields, `${at}.stopCodes.${ci}`) ?? fieldMessage(fields, `${at}.stopCodes.${ci}.name`)}
                onChange={(v) => update((w) => (w.stopCodes[ci]!.name = v))}
              />
              <RetireButton subject={code.name} onRetire={() => update((w) => w.stopCodes.splice(ci, 1))} />
              <ItemHistory kind="stopCode" id={code.id} subject={`Codice di stop ${code.name}`} />
            </li>
          ),
        )}
      </ul>
      <AddRow placeholder={`Nuovo codice di stop in ${workpoint.name}`} onAdd={(name) => update((w) => w.stopCodes.push({ name }))} />
    </div>
  );
}
