import { LineLog } from '../../features/lineLog/components/LineLog.js';

/** Improvement-role line log (/report-miglioramento; line log §2.4): confirmed reports, edit mode. */
export function ReportMiglioramentoPage() {
  return <LineLog mode="improvement" />;
}
