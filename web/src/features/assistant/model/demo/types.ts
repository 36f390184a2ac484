/**
 * The assistants' demo data (line log §3 "Assistant demo data"), embedded in the client in both
 * languages; the assistants make no calls (§7). Field names are the spec's.
 */

/** §3 "machineStatus": what state the machine must be in for the activity. */
export type MachineStatus = 'stopped' | 'off' | 'running';

/** A machine of the demo lines and its work points (names unique within a language). */
export interface DemoEquipment {
  name: string;
  workpoints: readonly string[];
}

/** A CIL (clean, inspect, lubricate) activity of a work point. */
export interface CilActivity {
  workpoint: string;
  name: string;
  description: string;
  component: string;
  ppe: readonly string[];
  tools: readonly string[];
  /** Giorno/Turno/Settimana, or Daily/Shift/Weekly. */
  frequency: string;
  machineStatus: MachineStatus;
}

/** A centerline (standard setting) of a work point. */
export interface CenterlineEntry {
  workpoint: string;
  cl_name: string;
  cl_description: string;
  measure: string;
  /** The value found when it differs from the standard; null when the setting is at standard. */
  new_measure: string | null;
  /** Meccanica/Elettronica, or Mechanical/Electronic. */
  cl_type: string;
  /** The demo image under web/public/assistant/. */
  file_name: string;
}

/** Everything one language's assistants know. Every demo line has the same machines. */
export interface DemoData {
  lines: readonly string[];
  equipment: readonly DemoEquipment[];
  cil: readonly CilActivity[];
  centerline: readonly CenterlineEntry[];
}

/** Where the demo images are served from (files in web/public/assistant/). */
export const DEMO_IMAGE_BASE = '/assistant/';
