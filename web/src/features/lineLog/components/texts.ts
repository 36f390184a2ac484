/**
 * The line log's Italian texts: the spec's verbatim (line log §2.1, §2.4, §5, §7, §8) and ours
 * where it says "not shown" (web/README.md "Line log").
 */

/** operator: the frontline's draft and submit; improvement: the support role's review. */
export type LineLogMode = 'operator' | 'improvement';

export const TEXTS = {
  addPlanned: 'AGGIUNGI STOP PIANIFICATO',
  addUnplanned: 'AGGIUNGI STOP NON PIANIFICATO',
  submit: 'CONFERMA e INVIA REPORT',
  submitTitle: 'Conferma invio',
  submitBody: 'Dopo la conferma non sarà più possibile modificare le note e gli stop di questo turno.',
  submitted: 'Report inviato correttamente',
  submitOffline: 'Ci sono modifiche in attesa di rete: il report si invia quando sono sincronizzate.',
  updated: 'Report aggiornato correttamente',
  created: 'Report creato correttamente',
  edit: 'Modifica Report o Stop',
  save: 'Salva Report',
  cancelEdit: 'Annulla modifiche',
  undoStopsFailed: 'Ripristino dei testi degli stop non riuscito: le modifiche restano aperte, riprova.',
  deleteTitle: 'Conferma eliminazione',
  deleteBody: "Sei sicuro di voler eliminare questo stop? L'azione non è reversibile.",
  noStops: 'Nessuno Stop registrato',
  noStopsFiltered: 'Nessuno stop registrato per i filtri correnti',
  notes: 'Note di fine turno',
  machineNotes: 'Note macchina',
  addRow: 'Aggiungi riga',
  hours: 'Ore Lavorate [h]',
  lockedOperator: 'Report inviato: note, dati e stop di questo turno non sono più modificabili.',
  futureDay: 'Giorno futuro: il report si compila dal giorno stesso.',
  notConfirmed: 'Nessun report confermato per questo turno: premendo Modifica Report o Stop puoi compilarlo.',
  invalidFigures: 'Valori non validi: correggi i campi evidenziati per salvare',
  reload: 'Ricarica',
  loadFailed: 'Caricamento del report non riuscito.',
  retry: 'Riprova',
} as const;

/**
 * Headings of the two stop tables per role: §2.4 gives the improvement page English headings, so
 * they are shown as written and marked `lang="en"`; the tables themselves are named in Italian on
 * both pages, as the rest of the page is.
 */
export const STOP_HEADINGS: Record<LineLogMode, { planned: string; unplanned: string; lang?: 'en' }> = {
  operator: { planned: 'Stop pianificati', unplanned: 'Stop non pianificati' },
  improvement: { planned: 'Planned Stops', unplanned: 'Unplanned Stops', lang: 'en' },
};

/** The tables' Italian names (aria-label), whatever the heading above them. */
export const STOP_TABLE_NAMES = { planned: 'Stop pianificati', unplanned: 'Stop non pianificati' } as const;

/** Figure labels; the volume and the scrap are counted in the shop floor's first unit. */
export function figureLabels(unit: string): { volume: string; waste: string; hours: string } {
  return { volume: `Volumi Prodotti [${unit}]`, waste: `Scarto [${unit}]`, hours: TEXTS.hours };
}
