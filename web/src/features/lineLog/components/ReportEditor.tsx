/**
 * The report of one line, day and shift, and its stops (line log §2.1, §2.4, §4.1, §5): the
 * operator's draft with autosave and submit, or the improvement role's review with edit mode.
 * Mounted per report (LineLog keys it), so nothing of one shift leaks into another.
 */
import type { Shift } from '../api/useLineLogPlant.js';
import type { ReportKey } from '../model/reportForm.js';
import type { LineLogSelection } from '../model/selection.js';
import { ImprovementReport } from './ImprovementReport.js';
import { OperatorReport } from './OperatorReport.js';
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

/** The workflow of the page's role. */
export function ReportEditor(props: ReportEditorProps) {
  return props.mode === 'operator' ? <OperatorReport {...props} /> : <ImprovementReport {...props} />;
}
