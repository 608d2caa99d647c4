import { ComponentChildren } from "preact";
import { useState } from "preact/hooks";
import { Booking, Slot } from "./api";
import { clock, lang, money, t, word } from "./i18n";

/** A slot's state as a cell shows it. */
type State = "free" | "few" | "soldOut" | "closed" | "yours";

function stateOf(s: Slot, mine: Set<string>): State {
  if (mine.has(s.slotId)) return "yours";
  if (s.status !== "OPEN") return "closed";
  if (s.remaining === 0) return "soldOut";
  return s.kind === "SEATS" && s.remaining <= Math.max(1, Math.ceil(s.capacity / 5)) ? "few" : "free";
}

type Props = {
  slots: Slot[];
  resources: { resourceId: string; name: string }[];
  mine: Booking[];
  /** What a cell shows besides its state (the waitlist: join a sold-out slot, my place on it). */
  extra: (s: Slot, soldOut: boolean) => ComponentChildren;
  /** Books the chosen slots; {@code coupon}, when typed, for a booking of one slot. */
  book: (slots: Slot[], coupon?: string) => void;
};

/**
 * The day as a grid, as a venue's booking sheet shows it: resources across, start times down, each
 * cell a slot with its state and price. Tap a free cell to choose it; tap a second free cell of the
 * same resource to choose the run between (a booking of several slots, API v1.2).
 */
export function DayGrid({ slots, resources, mine, extra, book }: Props) {
  const [chosen, setChosen] = useState<string[]>([]);
  const [coupon, setCoupon] = useState("");
  // every slot a live booking of mine holds (a booking of several slots holds each of its own)
  const active = new Set(
    mine
      .filter((b) => b.status === "PENDING_PAY" || b.status === "PAID")
      .flatMap((b) => (b.slots ?? [{ slotId: b.slotId, status: b.status }])
        .filter((l) => l.status === b.status)
        .map((l) => l.slotId)),
  );
  const columns = resources.filter((r) => slots.some((s) => s.resourceId === r.resourceId));
  const times = [...new Set(slots.map((s) => clock(s.start)))].sort();
  const at = new Map(slots.map((s) => [s.resourceId + "@" + clock(s.start), s]));
  const bookable = (s: Slot) => ["free", "few"].includes(stateOf(s, active));

  function tap(s: Slot) {
    if (chosen.includes(s.slotId)) return setChosen(chosen.filter((id) => id !== s.slotId));
    const first = slots.find((x) => x.slotId === chosen[0]);
    if (first && first.resourceId === s.resourceId) {
      // the run from the first choice to this one, if every slot between is free
      const run = slots
        .filter((x) => x.resourceId === s.resourceId)
        .sort((a, b) => a.start.localeCompare(b.start))
        .filter((x) => x.start >= (first.start < s.start ? first.start : s.start)
          && x.start <= (first.start < s.start ? s.start : first.start));
      if (run.every(bookable)) return setChosen(run.map((x) => x.slotId));
    }
    setChosen([s.slotId]);
  }

  const picked = chosen.map((id) => slots.find((s) => s.slotId === id)).filter((s): s is Slot => !!s);
  return (
    <div class="grid-wrap">
      <table class="day-grid">
        <caption class="sr">{t("gridCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("time")}</th>
            {columns.map((r) => <th scope="col" key={r.resourceId}>{r.name}</th>)}
          </tr>
        </thead>
        <tbody>
          {times.map((time) => (
            <tr key={time}>
              <th scope="row">{time}</th>
              {columns.map((r) => {
                const s = at.get(r.resourceId + "@" + time);
                if (!s) return <td key={r.resourceId} class="none">—</td>;
                const state = stateOf(s, active);
                const label = state === "few" || (state === "free" && s.kind === "SEATS")
                  ? `${s.remaining} ${t("left")}`
                  : state === "closed" ? word(s.status) : t(state as "free" | "soldOut" | "yours");
                return (
                  <td key={r.resourceId} data-slot={s.slotId} data-state={state} class={state}>
                    {bookable(s) ? (
                      <button class="cell" aria-pressed={chosen.includes(s.slotId)} onClick={() => tap(s)}>
                        <span class="sr">{time} {r.name}: </span>
                        <span>{label}</span>{" "}
                        <span class="price">{money(s.priceMinor, s.currency)}</span>
                      </button>
                    ) : (
                      <div class="cell">
                        <span>{label}</span>
                      </div>
                    )}
                    {extra(s, state === "soldOut")}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
      {picked.length > 0 && (
        <div class="chosen" role="region" aria-label={t("yourChoice")}>
          <span>
            {clock(picked[0].start)}–{clock(picked[picked.length - 1].end)} ·{" "}
            {money(picked.reduce((sum, s) => sum + s.priceMinor, 0), picked[0].currency)}
          </span>
          {picked.length === 1 && (
            <label>
              <span class="sr">{t("couponCode")}</span>
              <input
                class="coupon"
                aria-label={t("couponCode")}
                placeholder={t("couponCode")}
                value={coupon}
                onInput={(e) => setCoupon((e.target as HTMLInputElement).value.trim())}
              />
            </label>
          )}
          <button onClick={() => { book(picked, picked.length === 1 && coupon ? coupon : undefined); setChosen([]); setCoupon(""); }}>
            {picked.length === 1 ? t("book") : `${t("book")} (${picked.length})`}
          </button>
        </div>
      )}
    </div>
  );
}

/** The next two weeks, one button a day, in the page's language. */
export function DateStrip({ date, pick }: { date: string; pick: (day: string) => void }) {
  const today = new Date();
  const days = Array.from({ length: 14 }, (_, i) => {
    const d = new Date(today.getFullYear(), today.getMonth(), today.getDate() + i);
    const iso = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
    return { iso, d };
  });
  const shown = new Intl.DateTimeFormat(lang.value, { weekday: "short", day: "numeric" });
  return (
    <nav class="dates" aria-label={t("date")}>
      {days.map(({ iso, d }) => (
        <button key={iso} class="quiet" aria-current={iso === date ? "date" : undefined} onClick={() => pick(iso)}>
          {shown.format(d)}
        </button>
      ))}
    </nav>
  );
}
