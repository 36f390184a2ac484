import { LineLog } from '../../features/lineLog/components/LineLog.js';

/** Operator line log 'Registro di Linea' (/report-operatore; line log §2.1). */
export function ReportOperatorePage() {
  return <LineLog mode="operator" />;
}
