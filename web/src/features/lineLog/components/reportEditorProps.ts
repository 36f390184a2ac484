import type { Shift } from '../api/useLineLogPlant.js';
import type { ReportKey } from '../model/reportForm.js';
import type { LineLogSelection } from '../model/selection.js';
import type { LineLogMode } from './texts.js';

/** Props of ReportEditor. */
export interface ReportEditorProps {
  mode: LineLogMode;
  reportKey: ReportKey;
  selection: LineLogSelection;
  shopFloorId: string;
  shift: Shift;
  labels: string[];
  unit: string;
  today: string;
  editing: boolean;
  onEditingChange(editing: boolean): void;
  /** Remounts the report after the user chose to reload it. */
  onReload(): void;
}
