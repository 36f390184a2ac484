import { LineLog } from '../../features/lineLog/index.js';

/** Improvement-role line log (/report-miglioramento; line log §2.4): confirmed reports, edit mode. */
export function ReportMiglioramentoPage() {
  return <LineLog mode="improvement" />;
}
