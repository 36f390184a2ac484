/** The plant's structure as the server lists it (shop floors, lines, machines, units), for every feature that offers a choice of them. */
export {
  useEquipments,
  useLineRefMachine,
  useLines,
  useMachineStopCodes,
  useShopFloors,
  useUnits,
  type Equipment,
  type IdInput,
  type Line,
  type LineRefMachine,
  type MachineStopCode,
  type ShopFloor,
  type UnitsOfMeasurement,
} from './api/usePlant.js';
