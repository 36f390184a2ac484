/** The station (shop floor, line, machine) the device works at, as pages and other features use it. */
export { fetchDefaultStation, type DefaultStation } from './api/defaultStation.js';
export { useStationDefaults, type StationDefaultsState } from './api/useStationDefaults.js';
export { ShopFloorLinePickers } from './components/ShopFloorLinePickers.js';
export { StationRequired } from './components/StationRequired.js';
export { StationSetupForm } from './components/StationSetupForm.js';
export { StationSummary } from './components/StationSummary.js';
export { namedOptions } from './model/stationOptions.js';
