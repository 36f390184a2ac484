/**
 * The report of one line, day and shift, and its stops (line log §2.1, §2.4, §4.1, §5): the
 * operator's draft with autosave and submit, or the improvement role's review with edit mode.
 * Mounted per report (LineLog keys it), so nothing of one shift leaks into another.
 */
import { ImprovementReport } from './ImprovementReport.js';
import { OperatorReport } from './OperatorReport.js';
import type { ReportEditorProps } from './reportEditorProps.js';

export type { ReportEditorProps } from './reportEditorProps.js';

/** The workflow of the page's role. */
export function ReportEditor(props: ReportEditorProps) {
  return props.mode === 'operator' ? <OperatorReport {...props} /> : <ImprovementReport {...props} />;
}
