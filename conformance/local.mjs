// The local runtime the conformance checks run against (FAIRSLOT_BASE), and what they set up there.
const base = process.env.FAIRSLOT_BASE ?? "http://127.0.0.1:3000";

export async function api(method, path, bearer, body) {
  const r = await fetch(base + path, {
    method,
    headers: {
      "content-type": "application/json",
      ...(bearer ? { authorization: "Bearer " + bearer } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await r.text();
  if (!r.ok) throw new Error(`${method} ${path}: ${r.status} ${text}`);
  return text ? JSON.parse(text) : null;
}
api.base = base;

export const token = async (sub, groups) => (await api("POST", "/_local/token", null, { sub, groups })).token;

export const providers = () => api("GET", "/_local/providers");

/** A new venue's slot two days on, held by {@code member}: the booking's id. */
export async function heldBooking(member) {
  const admin = await token("conf-admin", ["admin"]);
  const venue = await api("POST", "/venues", admin, { name: "Conformance", timeZone: "Asia/Shanghai", policy: {} });
  const hall = await api("POST", `/venues/${venue.venueId}/resources`, admin, { name: "Hall", kind: "SEATS", capacity: 5 });
  const day = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
  const slot = await api("POST", "/slots", admin, {
    resourceId: hall.resourceId,
    start: `${day}T10:00:00+08:00`,
    end: `${day}T11:00:00+08:00`,
    priceMinor: 6000,
    currency: "CNY",
  });
  return (await api("POST", "/bookings", member, { slotId: slot.slotId, quantity: 1 })).bookingId;
}
