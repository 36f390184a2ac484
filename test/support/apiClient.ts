/** The app's JSON API as the browser suites call it to seed and read back data. */

/** An API answer: its status and its JSON body (undefined when the body is empty). */
export interface ApiReply<T> {
  status: number;
  body: T;
}

/** Calls `path` on `baseUrl` with a bearer token, sending `body` (when given) as JSON. */
export async function callApi<T>(baseUrl: string, token: string | undefined, method: string, path: string, body?: unknown): Promise<ApiReply<T>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/**
 * Records an unplanned stop through the API on an equipment's first workpoint and first stop
 * code, from `start` to `end` (hh:mm) of `day`, and checks it was accepted.
 */
export async function recordUnplannedStop(
  baseUrl: string,
  token: string | undefined,
  stop: { equipment: number; day: string; start: string; end: string; failure: string },
): Promise<void> {
  const workpoints = (await callApi<Array<{ id: number }>>(baseUrl, token, 'GET', `/factory/workpoints?equipment_id=${stop.equipment}`)).body;
  const codes = (await callApi<Array<{ id: number }>>(baseUrl, token, 'GET', `/factory/stop_codes?workpoint_id=${workpoints[0]!.id}`)).body;
  const res = await callApi(baseUrl, token, 'POST', '/factory/stop_events', {
    workpoint_id: workpoints[0]!.id,
    stop_code_id: codes[0]!.id,
    triggering_event_id: 1,
    failure_mode: stop.failure,
    corrective_action: 'Riavvio',
    start_time: `${stop.day}T${stop.start}`,
    end_time: `${stop.day}T${stop.end}`,
  });
  if (res.status !== 201) throw new Error(`the stop was refused: ${res.status} ${JSON.stringify(res.body)}`);
}
