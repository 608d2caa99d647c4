import { useState } from "preact/hooks";
import { api, ApiError, AuditLine } from "./api";
import { money, problem, t, word } from "./i18n";
import { usePoll } from "./poll";

type Act = (work: () => Promise<unknown>, done?: string) => Promise<void>;

/** Finance exceptions of the venue: retry a refund, or resolve with a reason. */
export function Exceptions(p: { venueId: string; act: Act }) {
  const open = usePoll(() => api.exceptions(p.venueId), 15000, [p.venueId]);
  const [note, setNote] = useState("");
  const [resolution, setResolution] = useState("REFUNDED_OFFLINE");
  return (
    <section aria-labelledby="exc-h">
      <h2 id="exc-h">{t("exceptions")}</h2>
      <ul class="cards">
        {(open.value?.items ?? []).map((e) => (
          <li class="card" key={e.exceptionId} data-exception={e.exceptionId}>
            <div class="status">{word(e.kind)}</div>
            <div>{money(e.amountMinor, e.currency)}</div>
            <button class="quiet" onClick={() => p.act(() => api.retryRefund(e.exceptionId)).then(open.again)}>
              {t("retryRefund")}
            </button>
            <button onClick={() => p.act(() => api.resolve(e.exceptionId, resolution, note || "-")).then(open.again)}>
              {t("resolve")}
            </button>
          </li>
        ))}
      </ul>
      {open.value?.items.length === 0 && <p>{t("none")}</p>}
      <div class="form row">
        <label>
          {t("resolution")}
          <select value={resolution} onChange={(e) => setResolution((e.target as HTMLSelectElement).value)}>
            <option value="REFUNDED_OFFLINE">{word("REFUNDED_OFFLINE")}</option>
            <option value="WRITTEN_OFF">{word("WRITTEN_OFF")}</option>
            <option value="NO_ACTION">{word("NO_ACTION")}</option>
          </select>
        </label>
        <label>
          {t("note")}
          <input value={note} onInput={(e) => setNote((e.target as HTMLInputElement).value)} />
        </label>
      </div>
    </section>
  );
}

/** What the venue owes in stored value at the end of the day: paid in, and bonus (v1.3). */
export function Liabilities(p: { venueId: string; date: string }) {
  const owed = usePoll(() => api.liabilities(p.venueId, p.date), 30000, [p.venueId, p.date]);
  const l = owed.value;
  if (!l) return null;
  const currency = l.currency ?? "CNY";
  return (
    <p data-liabilities>
      {t("storedValueOwed")}: {money(l.walletPrincipalMinor, currency)} · {t("bonus")}{" "}
      {money(l.walletBonusMinor, currency)}
    </p>
  );
}

/** Notifications that could not be delivered, with a retry. */
export function Parked(p: { act: Act }) {
  const parked = usePoll(() => api.parked(), 15000, []);
  return (
    <section aria-labelledby="parked-h">
      <h2 id="parked-h">{t("parked")}</h2>
      <ul class="cards">
        {(parked.value?.items ?? []).map((n) => (
          <li class="card" key={n.notificationId}>
            <div>{n.subject}</div>
            <div class="status">{word(n.channel)}</div>
            <button class="quiet" onClick={() => p.act(() => api.retryNotice(n.notificationId)).then(parked.again)}>
              {t("retry")}
            </button>
          </li>
        ))}
      </ul>
      {parked.value?.items.length === 0 && <p>{t("none")}</p>}
    </section>
  );
}

/** The audit of one booking or slot: every change, who made it and why. */
export function Audit(p: { say: (m: string) => void }) {
  const [id, setId] = useState("");
  const [kind, setKind] = useState<"bookingId" | "slotId">("bookingId");
  const [lines, setLines] = useState<AuditLine[]>([]);
  return (
    <section aria-labelledby="audit-h">
      <h2 id="audit-h">{t("audit")}</h2>
      <form
        class="form row"
        onSubmit={async (e) => {
          e.preventDefault();
          try {
            setLines((await api.audit(kind, id.trim())).items);
          } catch (err) {
            p.say(err instanceof ApiError ? problem(err.problem) : String(err));
          }
        }}
      >
        <label>
          {t("kind")}
          <select value={kind} onChange={(e) => setKind((e.target as HTMLSelectElement).value as "bookingId" | "slotId")}>
            <option value="bookingId">booking</option>
            <option value="slotId">slot</option>
          </select>
        </label>
        <label>
          id
          <input name="auditId" required value={id} onInput={(e) => setId((e.target as HTMLInputElement).value)} />
        </label>
        <button type="submit">{t("show")}</button>
      </form>
      {lines.length > 0 && (
        <table>
          <tbody>
            {lines.map((l, i) => (
              <tr key={i}>
                <td>{l.at}</td>
                <td>{l.actor}</td>
                <td>{l.from} → {l.to}</td>
                <td>{l.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
