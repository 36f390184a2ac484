/**
 * Which component renders each path of the route table, each page in its own chunk (loaded on
 * first visit, see lazyPage.tsx). Kept apart from router.tsx so the issues that replace a
 * placeholder touch one line here and nothing else.
 */
import type { ReactElement } from 'react';
import { lazyPage } from './lazyPage.js';

const OperatorePage = lazyPage(() => import('../pages/operatore/OperatorePage.js'), 'OperatorePage');
const ReportOperatorePage = lazyPage(() => import('../pages/report-operatore/ReportOperatorePage.js'), 'ReportOperatorePage');
const DashboardOperatorePage = lazyPage(() => import('../pages/dashboard-operatore/DashboardOperatorePage.js'), 'DashboardOperatorePage');
const DailyRoutineOperatorePage = lazyPage(() => import('../pages/daily-routine-operatore/DailyRoutineOperatorePage.js'), 'DailyRoutineOperatorePage');
const InserimentoLossAiOperatorePage = lazyPage(() => import('../pages/inserimento-loss-ai-operatore/InserimentoLossAiOperatorePage.js'), 'InserimentoLossAiOperatorePage');
const InserimentoPianificateAiOperatorePage = lazyPage(
  () => import('../pages/inserimento-pianificate-ai-operatore/InserimentoPianificateAiOperatorePage.js'),
  'InserimentoPianificateAiOperatorePage',
);
const MiglioramentoPage = lazyPage(() => import('../pages/miglioramento/MiglioramentoPage.js'), 'MiglioramentoPage');
const ReportMiglioramentoPage = lazyPage(() => import('../pages/report-miglioramento/ReportMiglioramentoPage.js'), 'ReportMiglioramentoPage');
const DashboardMiglioramentoPage = lazyPage(() => import('../pages/dashboard-miglioramento/DashboardMiglioramentoPage.js'), 'DashboardMiglioramentoPage');
const RcaMiglioramentoPage = lazyPage(() => import('../pages/rca-miglioramento/RcaMiglioramentoPage.js'), 'RcaMiglioramentoPage');
const AnalisiPerditePage = lazyPage(() => import('../pages/analisi-perdite/AnalisiPerditePage.js'), 'AnalisiPerditePage');
const AzioniDbrMiglioramentoPage = lazyPage(() => import('../pages/azioni-dbr-miglioramento/AzioniDbrMiglioramentoPage.js'), 'AzioniDbrMiglioramentoPage');
const AdminPage = lazyPage(() => import('../pages/admin/AdminPage.js'), 'AdminPage');
const DBRConstantsFormPage = lazyPage(() => import('../pages/DBRConstantsForm/DBRConstantsFormPage.js'), 'DBRConstantsFormPage');
const ImpiantoPage = lazyPage(() => import('../pages/impianto/ImpiantoPage.js'), 'ImpiantoPage');
const UtentiPage = lazyPage(() => import('../pages/utenti/UtentiPage.js'), 'UtentiPage');
const ChiaviApiPage = lazyPage(() => import('../pages/chiavi-api/ChiaviApiPage.js'), 'ChiaviApiPage');
const ProiezioniPage = lazyPage(() => import('../pages/proiezioni/ProiezioniPage.js'), 'ProiezioniPage');
const ApiDocsPage = lazyPage(() => import('../pages/api-docs/ApiDocsPage.js'), 'ApiDocsPage');
const AssistentePage = lazyPage(() => import('../pages/assistente/AssistentePage.js'), 'AssistentePage');
const AssistenteCILPage = lazyPage(() => import('../pages/assistenteCIL/AssistenteCILPage.js'), 'AssistenteCILPage');
const AssistenteCLPage = lazyPage(() => import('../pages/assistenteCL/AssistenteCLPage.js'), 'AssistenteCLPage');
const AssistenteLossPage = lazyPage(() => import('../pages/assistenteLoss/AssistenteLossPage.js'), 'AssistenteLossPage');
const AssistantPage = lazyPage(() => import('../pages/assistant/AssistantPage.js'), 'AssistantPage');
const AssistantCILPage = lazyPage(() => import('../pages/assistantCIL/AssistantCILPage.js'), 'AssistantCILPage');
const AssistantCLPage = lazyPage(() => import('../pages/assistantCL/AssistantCLPage.js'), 'AssistantCLPage');
const AssistantLossPage = lazyPage(() => import('../pages/assistantLoss/AssistantLossPage.js'), 'AssistantLossPage');

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
  '/analisi-perdite': <AnalisiPerditePage />,
  '/azioni-dbr-miglioramento': <AzioniDbrMiglioramentoPage />,
  '/admin': <AdminPage />,
  '/DBRConstantsForm': <DBRConstantsFormPage />,
  '/impianto': <ImpiantoPage />,
  '/utenti': <UtentiPage />,
  '/chiavi-api': <ChiaviApiPage />,
  '/proiezioni': <ProiezioniPage />,
  '/api-docs': <ApiDocsPage />,
  '/assistente': <AssistentePage />,
  '/assistenteCIL': <AssistenteCILPage />,
  '/assistenteCL': <AssistenteCLPage />,
  '/assistenteLoss': <AssistenteLossPage />,
  '/assistant': <AssistantPage />,
  '/assistantCIL': <AssistantCILPage />,
  '/assistantCL': <AssistantCLPage />,
  '/assistantLoss': <AssistantLossPage />,
};
