/**
 * What operators and the improvement staff write about each stop code of the demo
 * plant, in Italian: failure modes, corrective actions (with the chatbot's action
 * flags), the triggering events that usually precede it, and root-cause analyses.
 * Keyed by stop code name, so a renamed or added code falls back to generic texts.
 */

/** The demo plant's triggering events, by name (seed/demo-plant.json). */
export const TRIGGER = {
  format: 'Cambio formato',
  lot: 'Cambio lotto materiale',
  restart: 'Avvio linea dopo fermo',
  shiftChange: 'Cambio turno',
  maintenance: 'Intervento di manutenzione',
  badMaterial: 'Materiale non conforme',
  operator: 'Regolazione operatore',
  unknown: 'Causa non identificata',
} as const;

const T = TRIGGER;

/** Action flags as letters: M material change, C cleaning, S setting adjustment, R component restore. */
export type ActionFlags = string;

export interface StopCodeTexts {
  failureModes: string[];
  correctiveActions: Array<[text: string, flags: ActionFlags]>;
  triggers: string[];
  rootCauses: Array<[rootCause: string, troubleshooting: string]>;
}

const entry = (failureModes: string[], correctiveActions: Array<[string, ActionFlags]>, triggers: string[], rootCauses: Array<[string, string]>): StopCodeTexts => ({
  failureModes,
  correctiveActions,
  triggers,
  rootCauses,
});

export const GENERIC_STOP_TEXTS = entry(
  ['Fermo macchina', 'Arresto improvviso della macchina'],
  [
    ['Ripristinato il funzionamento e riavviata la linea', ''],
    ['Controllata la macchina e riavviata', 'S'],
  ],
  [T.unknown, T.restart],
  [['Causa da approfondire con la manutenzione', 'Monitorare la macchina nei prossimi turni e registrare ogni ricorrenza']],
);

export const STOP_TEXTS: Readonly<Record<string, StopCodeTexts>> = {
  // Filler: alimentazione bottiglie
  'Bottiglia caduta': entry(
    ['Bottiglia caduta sul nastro in ingresso', 'Bottiglie cadute in curva prima della coclea'],
    [
      ['Rimosse le bottiglie e riavviata la linea', 'C'],
      ['Regolate le guide laterali del nastro', 'S'],
    ],
    [T.restart, T.operator, T.unknown],
    [
      ['Guide laterali troppo larghe dopo il cambio formato', 'Verificare la larghezza delle guide con la dima del formato a ogni cambio'],
      ['Nastro in ingresso lubrificato in eccesso: le bottiglie scivolano in curva', 'Ridotto il dosaggio del lubrificante nastri, controllo a inizio turno'],
    ],
  ),
  'Inceppamento coclea': entry(
    ['Bottiglia incastrata nella coclea', 'Coclea bloccata da una bottiglia deformata'],
    [
      ['Liberata la coclea e riavviata la linea', ''],
      ['Rimossa la bottiglia deformata e ripristinata la fasatura della coclea', 'SR'],
    ],
    [T.lot, T.badMaterial, T.unknown],
    [
      ['Bottiglie del nuovo lotto fuori tolleranza sul diametro', 'Segnalato al fornitore; controllo a campione del diametro in accettazione'],
      ['Fasatura coclea-stella persa dopo l’ultimo intervento', 'Ripristinata la fasatura e segnata la posizione di riferimento sul giunto'],
    ],
  ),
  'Accumulo in ingresso': entry(
    ['Accumulo di bottiglie in ingresso alla riempitrice', 'Sensore di accumulo sempre attivo'],
    [
      ['Svuotato l’accumulo e regolata la velocità del nastro', 'S'],
      ['Pulito il sensore di accumulo', 'C'],
    ],
    [T.restart, T.operator, T.shiftChange],
    [['Nastro di alimentazione più veloce della riempitrice dopo il riavvio', 'Impostata nel PLC una rampa di velocità del nastro alla ripartenza']],
  ),
  'Mancanza bottiglie': entry(
    ['Mancanza bottiglie dalla depallettizzatrice', 'Linea ferma in attesa di bottiglie vuote'],
    [
      ['Richiesto il rifornimento al magazzino e ripartiti', 'M'],
      ['Sostituito il pallet di vuoti', 'M'],
    ],
    [T.lot, T.shiftChange, T.unknown],
    [['Rifornimento dei vuoti non pianificato sul cambio turno', 'Aggiunto il controllo scorte vuoti alla checklist di consegna turno']],
  ),
  // Filler: giostra di riempimento
  'Livello di riempimento fuori tolleranza': entry(
    ['Livello di riempimento basso su più valvole', 'Bottiglie con livello alto scartate dal controllo'],
    [
      ['Regolato il livello e verificato a campione', 'S'],
      ['Ricalibrato il dosaggio delle valvole', 'S'],
    ],
    [T.format, T.operator, T.lot],
    [
      ['Parametri del formato non aggiornati dopo il cambio formato', 'Creata una ricetta dedicata per ogni formato nel pannello operatore'],
      ['Prodotto più caldo del normale: schiuma in riempimento', 'Concordato con la produzione il controllo della temperatura in serbatoio'],
    ],
  ),
  'Perdita di prodotto': entry(
    ['Perdita di prodotto da una valvola di riempimento', 'Gocciolamento sotto la giostra'],
    [
      ['Sostituita la guarnizione della valvola', 'R'],
      ['Serrato il raccordo e pulita la giostra', 'CS'],
    ],
    [T.maintenance, T.unknown, T.restart],
    [['Guarnizione della valvola usurata oltre la vita prevista', 'Anticipata la sostituzione delle guarnizioni nel piano di manutenzione preventiva']],
  ),
  'Valvola di riempimento bloccata': entry(
    ['Valvola di riempimento bloccata in chiusura', 'Una valvola della giostra non apre'],
    [
      ['Smontata e pulita la valvola', 'CR'],
      ['Sostituita la molla della valvola', 'R'],
    ],
    [T.unknown, T.restart, T.maintenance],
    [['Residui di prodotto essiccato nella valvola dopo il fermo del fine settimana', 'Aggiunto un ciclo di lavaggio CIP prima della ripartenza']],
  ),
  'Guasto sensore di livello': entry(
    ['Sensore di livello in allarme', 'Lettura del sensore di livello instabile'],
    [
      ['Sostituito il sensore di livello', 'R'],
      ['Ricollegato il connettore e verificato il segnale', 'S'],
    ],
    [T.unknown, T.maintenance],
    [['Connettore del sensore ossidato dai lavaggi', 'Montati connettori IP69K con guaina di protezione']],
  ),
  // Filler: uscita riempitrice
  'Bottiglia rovesciata': entry(
    ['Bottiglia rovesciata sulla stella di uscita', 'Bottiglie rovesciate sul nastro di uscita'],
    [
      ['Rimosse le bottiglie e pulito il nastro', 'C'],
      ['Regolata la guida di uscita', 'S'],
    ],
    [T.restart, T.operator, T.unknown],
    [['Piano di trasferimento tra stella e nastro non allineato', 'Riallineato il piano di trasferimento e fissato il riferimento']],
  ),
  'Inceppamento stella di uscita': entry(
    ['Inceppamento sulla stella di uscita', 'Stella di uscita bloccata, intervento del limitatore di coppia'],
    [
      ['Liberata la stella e riarmato il limitatore', ''],
      ['Sostituita la stella di uscita danneggiata', 'R'],
    ],
    [T.format, T.unknown, T.restart],
    [['Montata la stella del formato precedente', 'Stelle identificate con un colore per formato']],
  ),
  'Fotocellula sporca': entry(
    ['Fotocellula di uscita sporca: falsi allarmi di accumulo', 'La fotocellula non legge il passaggio delle bottiglie'],
    [
      ['Pulita la fotocellula', 'C'],
      ['Pulita e riallineata la fotocellula', 'CS'],
    ],
    [T.unknown, T.shiftChange],
    [['Spruzzi di prodotto dalla giostra sulla fotocellula', 'Montato uno schermo di protezione sulla fotocellula']],
  ),
  // Capper: alimentazione tappi
  'Mancanza tappi': entry(
    ['Tramoggia dei tappi vuota', 'Elevatore tappi fermo, mancano tappi in testa'],
    [
      ['Caricata la tramoggia dei tappi', 'M'],
      ['Riarmato l’elevatore e ricaricati i tappi', 'MS'],
    ],
    [T.lot, T.shiftChange],
    [['Allarme di livello minimo della tramoggia non visibile dalla postazione', 'Spostata la segnalazione luminosa del livello tappi sulla colonna di linea']],
  ),
  'Tappi incastrati nel canale': entry(
    ['Tappi incastrati nel canale di discesa', 'Canale dei tappi ostruito'],
    [
      ['Liberato il canale di discesa', 'C'],
      ['Regolata la larghezza del canale', 'S'],
    ],
    [T.lot, T.badMaterial, T.unknown],
    [['Tappi del nuovo fornitore con bave di stampaggio', 'Aperta una non conformità al fornitore; controllo visivo del lotto in accettazione']],
  ),
  'Tappo difettoso': entry(
    ['Tappi deformati nel lotto in uso', 'Tappi con anello di garanzia rotto'],
    [
      ['Sostituito il lotto di tappi', 'M'],
      ['Scartati i tappi difettosi e avvisata la qualità', 'M'],
    ],
    [T.badMaterial, T.lot],
    [['Lotto di tappi non conforme', 'Lotto bloccato e reso; richiesto il certificato di conformità per i lotti successivi']],
  ),
  // Capper: testa di tappatura
  'Tappo storto': entry(
    ['Tappi storti su più teste di tappatura', 'Tappo avvitato storto, bottiglie scartate'],
    [
      ['Regolata l’altezza della testa di tappatura', 'S'],
      ['Sostituite le pinze della testa', 'R'],
    ],
    [T.format, T.operator, T.unknown],
    [
      ['Altezza delle teste non reimpostata dopo il cambio formato', 'Aggiunta l’altezza delle teste alla checklist di cambio formato'],
      ['Molle delle pinze snervate', 'Sostituzione programmata delle molle ogni tre mesi'],
    ],
  ),
  'Coppia di serraggio fuori tolleranza': entry(
    ['Coppia di serraggio bassa al controllo a campione', 'Coppia di serraggio alta: tappi difficili da aprire'],
    [
      ['Regolata la frizione magnetica delle teste', 'S'],
      ['Tarata la coppia con il torsiometro', 'S'],
    ],
    [T.operator, T.lot, T.format],
    [['Frizione magnetica starata dopo la manutenzione', 'Verifica della coppia con il torsiometro dopo ogni intervento sulle teste']],
  ),
  'Usura pinze': entry(
    ['Pinze usurate: il tappo slitta', 'Pinze di una testa consumate'],
    [
      ['Sostituite le pinze usurate', 'R'],
      ['Sostituito il set di pinze della testa', 'R'],
    ],
    [T.maintenance, T.unknown],
    [['Pinze oltre la vita utile', 'Sostituzione delle pinze inserita nel piano di manutenzione preventiva']],
  ),
  'Tappo mancante': entry(
    ['Bottiglie senza tappo all’uscita della tappatrice', 'La testa di tappatura non prende il tappo'],
    [
      ['Regolato il prelievo dei tappi', 'S'],
      ['Pulito il prelievo tappi e ripristinato il vuoto', 'CS'],
    ],
    [T.unknown, T.restart],
    [['Prelievo tappi sporco di prodotto', 'Pulizia del prelievo tappi a ogni cambio turno']],
  ),
  // Capper: controllo visione tappi
  'Scarto eccessivo da visione': entry(
    ['Scarto elevato dal controllo visione tappi', 'La visione scarta molte bottiglie buone'],
    [
      ['Verificati i parametri della ricetta di visione', 'S'],
      ['Regolata la soglia di scarto', 'S'],
    ],
    [T.format, T.lot, T.unknown],
    [['Ricetta di visione del formato non caricata', 'Cambio ricetta della visione collegato a quello della linea']],
  ),
  'Telecamera non calibrata': entry(
    ['Telecamera del controllo tappi non calibrata', 'Immagine sfocata sulla telecamera dei tappi'],
    [
      ['Ricalibrata la telecamera', 'S'],
      ['Pulita l’ottica e rifatta la calibrazione', 'CS'],
    ],
    [T.maintenance, T.format],
    [['Supporto della telecamera urtato durante la pulizia', 'Montato un supporto con fermo meccanico']],
  ),
  'Falso scarto': entry(
    ['Falsi scarti dal controllo visione', 'Bottiglie conformi espulse dal controllo tappi'],
    [
      ['Pulito l’illuminatore e riavviato il controllo', 'C'],
      ['Regolata la soglia di luminosità', 'S'],
    ],
    [T.unknown, T.operator],
    [['Illuminatore sporco: contrasto insufficiente', 'Pulizia dell’illuminatore inserita nelle attività di inizio turno']],
  ),
  // Cartoner: magazzino fustelle
  'Mancanza cartoni': entry(
    ['Magazzino fustelle vuoto', 'Mancanza cartoni in macchina'],
    [
      ['Caricato il magazzino fustelle', 'M'],
      ['Richiesto un bancale di cartoni al magazzino', 'M'],
    ],
    [T.lot, T.shiftChange],
    [['Rifornimento dei cartoni in ritardo dal magazzino', 'Concordato con la logistica il rifornimento a orario fisso']],
  ),
  'Fustella deformata': entry(
    ['Fustelle deformate dall’umidità', 'Fustella piegata nel magazzino'],
    [
      ['Rimosse le fustelle deformate', 'M'],
      ['Sostituito il pacco di fustelle', 'M'],
    ],
    [T.badMaterial, T.lot],
    [['Cartoni stoccati vicino al portone: umidità', 'Spostato lo stoccaggio dei cartoni in area coperta']],
  ),
  'Doppio prelievo': entry(
    ['Doppio prelievo di fustelle', 'Le ventose prendono due fustelle insieme'],
    [
      ['Regolato il vuoto delle ventose', 'S'],
      ['Sostituite le ventose usurate', 'R'],
    ],
    [T.lot, T.unknown],
    [['Ventose usurate: presa non uniforme', 'Sostituzione delle ventose nel piano preventivo mensile']],
  ),
  // Cartoner: formatura e inserimento
  'Cartone non formato': entry(
    ['Cartone non formato correttamente', 'Cartone aperto male sul mandrino'],
    [
      ['Regolate le guide di formatura', 'S'],
      ['Rimosso il cartone e riavviata la macchina', ''],
    ],
    [T.format, T.lot, T.unknown],
    [['Cordonatura delle fustelle poco marcata nel nuovo lotto', 'Segnalato al fornitore di cartone; lotto sotto osservazione']],
  ),
  'Inceppamento inseritore': entry(
    ['Inceppamento dell’inseritore prodotto', 'Inseritore bloccato da una bottiglia caduta'],
    [
      ['Liberato l’inseritore', ''],
      ['Liberato l’inseritore e regolata la fasatura', 'S'],
    ],
    [T.restart, T.unknown],
    [['Fasatura tra inseritore e spintore persa', 'Segnato il riferimento di fasatura sull’albero']],
  ),
  'Prodotto mancante nel cartone': entry(
    ['Cartoni con prodotto mancante', 'Il controllo peso scarta cartoni incompleti'],
    [
      ['Regolato il raggruppatore', 'S'],
      ['Pulito il sensore di presenza prodotto', 'C'],
    ],
    [T.unknown, T.operator],
    [['Sensore di presenza prodotto sporco', 'Pulizia del sensore inserita nella checklist di turno']],
  ),
  // Cartoner: incollaggio e chiusura
  'Colla insufficiente': entry(
    ['Colla insufficiente sui lembi', 'Cartoni che si aprono in uscita'],
    [
      ['Aumentata la pressione della colla', 'S'],
      ['Pulite le pistole della colla', 'C'],
    ],
    [T.lot, T.unknown],
    [['Filtro della colla intasato', 'Sostituzione del filtro colla ogni due settimane']],
  ),
  'Ugello colla otturato': entry(
    ['Ugello della colla otturato', 'Una pistola della colla non spruzza'],
    [
      ['Pulito l’ugello', 'C'],
      ['Sostituito l’ugello', 'R'],
    ],
    [T.unknown, T.restart],
    [['Colla carbonizzata nel fusore dopo il fermo', 'Abbassata la temperatura di attesa del fusore']],
  ),
  'Lembo non chiuso': entry(
    ['Lembo del cartone non chiuso', 'Lembi aperti all’uscita della chiusura'],
    [
      ['Regolate le guide di chiusura', 'S'],
      ['Regolata la temporizzazione della colla', 'S'],
    ],
    [T.format, T.operator],
    [['Guide di chiusura non regolate per il formato', 'Aggiunte tacche di riferimento per formato sulle guide']],
  ),
  'Temperatura colla fuori range': entry(
    ['Temperatura della colla bassa, allarme del fusore', 'Allarme di temperatura sul tubo della colla'],
    [
      ['Atteso il ritorno in temperatura e ripartiti', ''],
      ['Sostituita la resistenza del tubo della colla', 'R'],
    ],
    [T.maintenance, T.unknown],
    [['Resistenza del tubo della colla danneggiata', 'Messo a scorta un tubo colla nel magazzino ricambi']],
  ),
};

export const stopTextsFor = (stopCodeName: string): StopCodeTexts => STOP_TEXTS[stopCodeName] ?? GENERIC_STOP_TEXTS;
