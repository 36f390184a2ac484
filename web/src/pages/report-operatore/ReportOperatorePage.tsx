import { LineLog } from '../../features/lineLog/index.js';

/** Operator line log 'Registro di Linea' (/report-operatore; line log §2.1). */
export function ReportOperatorePage() {
  return <LineLog mode="operator" />;
}
