/**
 * Which component renders each path of the route table. Kept apart from router.tsx so the
 * issues that replace a placeholder touch one import line here and nothing else.
 */
import type { ReactElement } from 'react';
import { OperatorePage } from '../pages/operatore/OperatorePage.js';
import { ReportOperatorePage } from '../pages/report-operatore/ReportOperatorePage.js';
import { DashboardOperatorePage } from '../pages/dashboard-operatore/DashboardOperatorePage.js';
import { DailyRoutineOperatorePage } from '../pages/daily-routine-operatore/DailyRoutineOperatorePage.js';
import { InserimentoLossAiOperatorePage } from '../pages/inserimento-loss-ai-operatore/InserimentoLossAiOperatorePage.js';
import { InserimentoPianificateAiOperatorePage } from '../pages/inserimento-pianificate-ai-operatore/InserimentoPianificateAiOperatorePage.js';
import { MiglioramentoPage } from '../pages/miglioramento/MiglioramentoPage.js';
import { ReportMiglioramentoPage } from '../pages/report-miglioramento/ReportMiglioramentoPage.js';
import { DashboardMiglioramentoPage } from '../pages/dashboard-miglioramento/DashboardMiglioramentoPage.js';
import { RcaMiglioramentoPage } from '../pages/rca-miglioramento/RcaMiglioramentoPage.js';
import { AzioniDbrMiglioramentoPage } from '../pages/azioni-dbr-miglioramento/AzioniDbrMiglioramentoPage.js';
import { AdminPage } from '../pages/admin/AdminPage.js';
import { DBRConstantsFormPage } from '../pages/DBRConstantsForm/DBRConstantsFormPage.js';
import { AssistentePage } from '../pages/assistente/AssistentePage.js';
import { AssistenteCILPage } from '../pages/assistenteCIL/AssistenteCILPage.js';
import { AssistenteCLPage } from '../pages/assistenteCL/AssistenteCLPage.js';
import { AssistenteLossPage } from '../pages/assistenteLoss/AssistenteLossPage.js';
import { AssistantPage } from '../pages/assistant/AssistantPage.js';
import { AssistantCILPage } from '../pages/assistantCIL/AssistantCILPage.js';
import { AssistantCLPage } from '../pages/assistantCL/AssistantCLPage.js';
import { AssistantLossPage } from '../pages/assistantLoss/AssistantLossPage.js';

/** Path (exactly as in the spec) to page element, for every route-table row except home. */
export const PAGE_ELEMENTS: Readonly<Record<string, ReactElement>> = {
  '/operatore': <OperatorePage />,
  '/report-operatore': <ReportOperatorePage />,
  '/dashboard-operatore': <DashboardOperatorePage />,
  '/daily-routine-operatore': <DailyRoutineOperatorePage />,
  '/inserimento-loss-ai-operatore': <InserimentoLossAiOperatorePage />,
  '/inserimento-pianificate-ai-operatore': <InserimentoPianificateAiOperatorePage />,
  '/miglioramento': <MiglioramentoPage />,
  '/report-miglioramento': <ReportMiglioramentoPage />,
  '/dashboard-miglioramento': <DashboardMiglioramentoPage />,
  '/rca-miglioramento': <RcaMiglioramentoPage />,
  '/azioni-dbr-miglioramento': <AzioniDbrMiglioramentoPage />,
  '/admin': <AdminPage />,
  '/DBRConstantsForm': <DBRConstantsFormPage />,
  '/assistente': <AssistentePage />,
  '/assistenteCIL': <AssistenteCILPage />,
  '/assistenteCL': <AssistenteCLPage />,
  '/assistenteLoss': <AssistenteLossPage />,
  '/assistant': <AssistantPage />,
  '/assistantCIL': <AssistantCILPage />,
  '/assistantCL': <AssistantCLPage />,
  '/assistantLoss': <AssistantLossPage />,
};
