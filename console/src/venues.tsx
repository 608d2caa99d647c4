import { useEffect, useState } from "preact/hooks";
import { ApiError, call } from "./api";
import { distance, t } from "./i18n";

export type Listing = {
  venueId: string;
  name: string;
  timeZone: string;
  address?: string;
  location?: { lat: number; lng: number };
  distanceMeters?: number;
};

type Page = { items: Listing[]; nextCursor?: string | null };

/** GET /venues (public, v1.3): the active venues by words, nearest first from a point. */
function find(q: string, near: string | null, cursor: string | null, limit = 20): Promise<Page> {
  const query = new URLSearchParams({ limit: String(limit) });
  if (q.trim()) query.set("q", q.trim());
  if (near) query.set("near", near);
  if (cursor) query.set("cursor", cursor);
  return call<Page>("GET", "/venues?" + query.toString());
}

type Props = { choose: (venue: Listing) => void; say: (message: string) => void };

/** Finding a venue: search by name or address; nearest first once the browser shares where it is. */
export function VenuePicker({ choose, say }: Props) {
  const [q, setQ] = useState("");
  const [near, setNear] = useState<string | null>(null);
  const [page, setPage] = useState<Page | null>(null);
  useEffect(() => {
    // a pause after the last key, so typing a name asks once
    const asked = setTimeout(() => {
      find(q, near, null).then(setPage, (e) => say(e instanceof ApiError ? e.message : String(e)));
    }, 250);
    return () => clearTimeout(asked);
  }, [q, near]);

  function nearMe() {
    if (!("geolocation" in navigator)) return say(t("noLocation"));
    navigator.geolocation.getCurrentPosition(
      (at) => setNear(`${at.coords.latitude.toFixed(5)},${at.coords.longitude.toFixed(5)}`),
      () => say(t("noLocation")),
      { maximumAge: 600_000, timeout: 10_000 },
    );
  }

  async function more() {
    if (!page?.nextCursor) return;
    const next = await find(q, near, page.nextCursor);
    setPage({ items: [...page.items, ...next.items], nextCursor: next.nextCursor });
  }

  return (
    <section aria-labelledby="venues-h">
      <h2 id="venues-h">{t("findVenue")}</h2>
      <form class="form row" role="search" onSubmit={(e) => e.preventDefault()}>
        <label>
          {t("searchVenues")}
          <input type="search" name="venue-search" value={q}
            onInput={(e) => setQ((e.target as HTMLInputElement).value)} />
        </label>
        <button type="button" class="quiet" aria-pressed={near !== null} onClick={nearMe}>
          {t("nearMe")}
        </button>
      </form>
      <ul class="cards">
        {(page?.items ?? []).map((v) => (
          <li class="card" key={v.venueId} data-venue={v.venueId}>
            <button onClick={() => choose(v)}>{v.name}</button>
            {v.address && <span class="note">{v.address}</span>}
            {v.distanceMeters !== undefined && v.distanceMeters !== null && (
              <span data-distance={v.distanceMeters}>{distance(v.distanceMeters)}</span>
            )}
          </li>
        ))}
      </ul>
      {page && page.items.length === 0 && <p>{t("noVenues")}</p>}
      {page?.nextCursor && <button class="quiet" onClick={more}>{t("moreVenues")}</button>}
    </section>
  );
}

/** The chosen venue's name, read once (GET /venues/{id} is public). */
export function useVenueName(venueId: string): string {
  const [name, setName] = useState("");
  useEffect(() => {
    setName("");
    if (!venueId) return;
    call<{ name: string }>("GET", `/venues/${encodeURIComponent(venueId)}`).then(
      (v) => setName(v.name),
      () => setName(""),
    );
  }, [venueId]);
  return name;
}

/** Staff choose the venue they work on by name (GET /venues), never by typing its id. */
export function VenueSelect(p: { venueId: string; name: string; choose: (venueId: string) => void }) {
  const [listed, setListed] = useState<Listing[]>([]);
  useEffect(() => {
    find("", null, null, 200).then((page) => setListed(page.items), () => setListed([]));
  }, [p.venueId]);
  const known = listed.some((v) => v.venueId === p.venueId);
  return (
    <label>
      {t("venue")}
      <select name="venue" value={p.venueId} onChange={(e) => p.choose((e.target as HTMLSelectElement).value)}>
        {!p.venueId && <option value="">—</option>}
        {p.venueId && !known && <option value={p.venueId}>{p.name || p.venueId}</option>}
        {listed.map((v) => <option key={v.venueId} value={v.venueId}>{v.name}</option>)}
      </select>
    </label>
  );
}
