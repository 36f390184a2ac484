/**
 * The 14 DBR constants of a line (foundations §3) under the spec's own field names and in
 * its order. Free of dependencies, so the web editor uses the same list as the server.
 */
export const DBR_FIELDS = [
  'def_speed',
  'def_uptime',
  'def_mtbf',
  'def_waste',
  'def_volume',
  'min_ut',
  'max_ut',
  'min_mtbf',
  'max_mtbf',
  'min_waste',
  'max_waste',
  'ut_threshold',
  'mtbf_threshold',
  'waste_threshold',
] as const;
export type DbrField = (typeof DBR_FIELDS)[number];
