/** The MQTT connector's view of the machines (GET /admin/machine_signals, admin only; docs/machine-signals.md). */
import useSWR from 'swr';

export interface MachineSignalRow {
  equipment_id: number;
  equipment_name: string;
  line_id: number;
  line_name: string;
  /** Null: no message since the app started. */
  state: 'running' | 'stopped' | 'Segnale assente' | null;
  last_message_at: string | null;
  last_topic: 'state' | 'count' | null;
}

export interface MachineSignals {
  /** False: the app reads no machines (MQTT_URL=off, or no mosquitto to start). */
  enabled: boolean;
  connected: boolean;
  broker: string | null;
  error: string | null;
  received: number;
  ignored: number;
  machines: MachineSignalRow[];
}

/** Refreshed every five seconds: the last messages move faster than the read models. */
export function useMachineSignals() {
  return useSWR<MachineSignals>('/admin/machine_signals', { refreshInterval: 5_000 });
}
