import { useState } from "preact/hooks";
import { api, ApiError, Slot } from "./api";
import { clock, money, problem, t, word } from "./i18n";
import { Audit, Exceptions, Liabilities, Parked } from "./backoffice";
import { useNames } from "./names";
import { usePoll } from "./poll";

type Props = { venueId: string; date: string; say: (message: string) => void };

/** The front desk and finance: the day's board, walk-ins by phone, check-in, the daily report. */
export function Desk({ venueId, date, say }: Props) {
  const board = usePoll(() => api.slots(venueId, date), 5000, [venueId, date]);
  const nameOf = useNames(venueId);
  const day = usePoll(() => api.staffBookings(venueId, date), 5000, [venueId, date]);
  const slots: Slot[] = board.value?.items ?? [];

  async function act(work: () => Promise<unknown>, done?: string) {
    try {
      await work();
      if (done) say(done);
    } catch (e) {
      say(e instanceof ApiError ? problem(e.problem) : String(e));
    }
    board.again();
    day.again();
  }

  async function download() {
    await act(async () => {
      const csv = await api.dailyCsv(venueId, date);
      const link = document.createElement("a");
      link.href = URL.createObjectURL(new Blob([csv], { type: "text/csv" }));
      link.download = `fairslot-${venueId}-${date}.csv`;
      document.body.appendChild(link);
      link.click();
      link.remove();
    });
  }

  return (
    <div class="faces">
      <section aria-labelledby="board-h">
        <h2 id="board-h">{t("slots")}</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">{t("time")}</th>
              <th scope="col">{t("court")}</th>
              <th scope="col">{t("taken")}</th>
              <th scope="col">{t("waitlist")}</th>
              <th scope="col">{t("status")}</th>
              <th scope="col"><span class="sr">{t("status")}</span></th>
            </tr>
          </thead>
          <tbody>
            {slots.map((s) => (
              <tr key={s.slotId} data-slot={s.slotId}>
                <td>{clock(s.start)}–{clock(s.end)}</td>
                <td>{nameOf(s.resourceId)}</td>
                <td>{s.capacity - s.remaining}/{s.capacity}</td>
                <td>{s.waitlistLength}</td>
                <td>{word(s.status)}</td>
                <td>
                  {s.status === "OPEN" && (
                    <button class="quiet" onClick={() => act(() => api.setOpen(s.slotId, false))}>{t("close")}</button>
                  )}
                  {s.status === "CLOSED" && (
                    <button class="quiet" onClick={() => act(() => api.setOpen(s.slotId, true))}>{t("open")}</button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {slots.length === 0 && <p>{t("none")}</p>}
      </section>
      <WalkIn slots={slots} act={act} nameOf={nameOf} />
      <section aria-labelledby="day-h">
        <h2 id="day-h">{t("dayBookings")}</h2>
        <ul class="cards">
          {(day.value?.items ?? []).map((b) => (
            <li class="card" key={b.bookingId} data-booking={b.bookingId}>
              <div class="when">{clock(b.slot.start)}</div>
              <div>{b.userId.slice(0, 12)}</div>
              <div class="status" data-status={b.status}>{word(b.status)}</div>
              <div>{money(b.amountMinor, b.currency)}</div>
              {b.status === "PAID" && (
                <button onClick={() => act(() => api.checkIn(b.bookingId))}>{t("checkIn")}</button>
              )}
              {b.status === "PENDING_PAY" && (
                <button onClick={() => act(() => api.offlinePayment(b.bookingId))}>{t("offlinePaid")}</button>
              )}
              {b.status === "PAID" && (
                <button class="quiet" onClick={() => act(() => api.refund(b.bookingId))}>{t("refund")}</button>
              )}
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="report-h">
        <h2 id="report-h">{t("report")}</h2>
        <button onClick={download}>{t("downloadCsv")}</button>
        <Liabilities venueId={venueId} date={date} />
      </section>
      <Exceptions venueId={venueId} act={act} />
      <Parked act={act} />
      <Audit say={say} />
    </div>
  );
}

function WalkIn(p: {
  slots: Slot[];
  act: (w: () => Promise<unknown>, done?: string) => void;
  nameOf: (resourceId: string) => string;
}) {
  const [slotId, setSlotId] = useState("");
  const [phone, setPhone] = useState("");
  const [name, setName] = useState("");
  const open = p.slots.filter((s) => s.status === "OPEN" && s.remaining > 0);
  const chosen = slotId || open[0]?.slotId || "";
  return (
    <section aria-labelledby="walkin-h">
      <h2 id="walkin-h">{t("walkIn")}</h2>
      <form
        class="form"
        onSubmit={(e) => {
          e.preventDefault();
          p.act(() => api.walkIn(chosen, 1, phone, name), t("booked"));
        }}
      >
        <label>
          {t("slot")}
          <select value={chosen} onChange={(e) => setSlotId((e.target as HTMLSelectElement).value)}>
            {open.map((s) => (
              <option key={s.slotId} value={s.slotId}>
                {clock(s.start)} {p.nameOf(s.resourceId)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t("phone")}
          <input name="phone" type="tel" required value={phone}
            onInput={(e) => setPhone((e.target as HTMLInputElement).value)} />
        </label>
        <label>
          {t("name")}
          <input name="name" required value={name}
            onInput={(e) => setName((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit" disabled={!chosen}>{t("book")}</button>
      </form>
    </section>
  );
}
