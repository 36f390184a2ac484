/** 'Impianto' (/impianto, ADMIN section; docs/plant.md): the plant's structure, edited as a reviewed set of changes. */
import { PlantAdmin } from '../../features/plantAdmin/index.js';
import '../../styles/plant-admin.css';

export function ImpiantoPage() {
  return (
    <div className="page plant-page">
      <h1 className="page-title">Impianto</h1>
      <p className="plant-intro">Reparti, linee, macchine, aree e codici di stop. Le modifiche restano in bozza finché non le rivedi nell&apos;anteprima e premi Applica.</p>
      <PlantAdmin />
    </div>
  );
}
