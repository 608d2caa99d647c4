import { useState } from "preact/hooks";
import { api, ApiError, Booking, Slot, WaitEntry } from "./api";
import { clock, countdown, durationMs, money, problem, t, venueDay, word } from "./i18n";
import { MembershipPanel, Move, Passes, ProfileForm, WalletPanel } from "./account";
import { DateStrip, DayGrid } from "./grid";
import { useResources } from "./names";
import { useNow, usePoll } from "./poll";
import { Ticket } from "./ticket";

type Props = { venueId: string; date: string; say: (message: string) => void; pickDate: (day: string) => void };

/** The member's face: the day's slots with live seats, booking and paying, the waitlist, my bookings. */
export function Member({ venueId, date, say, pickDate }: Props) {
  const slots = usePoll(() => api.slots(venueId, date), 5000, [venueId, date]);
  const resources = useResources(venueId);
  const mine = usePoll(() => api.myBookings(), 5000, []);
  const [joined, setJoined] = useState<Record<string, boolean>>({});
  const now = useNow();

  async function act(work: () => Promise<unknown>) {
    try {
      await work();
    } catch (e) {
      say(e instanceof ApiError ? problem(e.problem) : String(e));
    }
    slots.again();
    mine.again();
  }

  const book = (chosen: Slot[], coupon?: string) =>
    act(async () => {
      const b = chosen.length === 1
        ? await api.book(chosen[0].slotId, 1, coupon)
        : await api.bookSeveral(chosen.map((s) => s.slotId), 1);
      say(`${t("booked")}: ${clock(chosen[0].start)} ${word(b.status)}`);
    });
  const join = (s: Slot) =>
    act(async () => {
      await api.join(s.slotId);
      setJoined({ ...joined, [s.slotId]: true });
    });

  return (
    <div class="faces">
      <section aria-labelledby="slots-h">
        <h2 id="slots-h">{t("slots")}</h2>
        <DateStrip date={date} pick={pickDate} />
        {slots.error && <p role="alert">{slots.error}</p>}
        <DayGrid
          slots={slots.value?.items ?? []}
          resources={resources}
          mine={mine.value?.items ?? []}
          book={book}
          extra={(s, soldOut) =>
            joined[s.slotId] ? (
              <Place slotId={s.slotId} now={now} accept={(id) => act(() => api.accept(id))} />
            ) : (
              soldOut && s.status === "OPEN" && (
                <button class="quiet" onClick={() => join(s)}>{t("joinWaitlist")}</button>
              )
            )
          }
        />
        {slots.value?.items.length === 0 && <p>{t("none")}</p>}
      </section>
      <section aria-labelledby="mine-h">
        <h2 id="mine-h">{t("myBookings")}</h2>
        <ul class="cards">
          {(mine.value?.items ?? []).map((b) => (
            <MyBooking key={b.bookingId} b={b} now={now} act={act} slots={slots.value?.items ?? []} />
          ))}
        </ul>
        {mine.value?.items.length === 0 && <p>{t("none")}</p>}
      </section>
      <Passes venueId={venueId} slots={slots.value?.items ?? []} act={act} say={say} />
      <WalletPanel venueId={venueId} act={act} say={say} />
      <MembershipPanel venueId={venueId} act={act} say={say} />
      <Notices />
      <ProfileForm say={say} />
    </div>
  );
}

/** My place on a slot's waitlist, read every few seconds: an offer shows with its countdown. */
function Place(p: { slotId: string; now: number; accept: (id: string) => void }) {
  const place = usePoll<WaitEntry>(() => api.myPlace(p.slotId), 3000, [p.slotId]);
  const e = place.value;
  if (!e) return null;
  return (
    <div class="place" aria-live="polite">
      {e.status === "WAITING" && (
        <span>
          {t("waiting")} · {t("position")} {e.position}
        </span>
      )}
      {e.status === "OFFERED" && e.offerExpiresAt && (
        <span>
          {t("offerEnds")} {countdown(e.offerExpiresAt, p.now)}{" "}
          <button onClick={() => p.accept(e.entryId)}>{t("accept")}</button>
        </span>
      )}
      {e.status !== "WAITING" && e.status !== "OFFERED" && <span>{word(e.status)}</span>}
    </div>
  );
}

/**
 * What cancelling a paid booking now would refund: the first of its tiers whose deadline (start -
 * before) is still ahead, as the API judges it (the tiers it was sold under, booking.policy).
 */
export function refundNow(b: Booking, now: number): number {
  const start = Date.parse(b.slot.start);
  const tier = (b.policy?.cancelTiers ?? []).find((x) => start - durationMs(x.before) > now);
  return tier ? Math.floor((b.amountMinor * tier.refundPercent) / 100) : 0;
}

function MyBooking(p: {
  b: Booking;
  now: number;
  act: (w: () => Promise<unknown>) => Promise<void>;
  slots: Slot[];
}) {
  const b = p.b;
  return (
    <li class="card" data-booking={b.bookingId}>
      <div class="when">
        {venueDay(b.slot.start)} {clock(b.slot.start)}
      </div>
      <div class="status" data-status={b.status}>{word(b.status)}</div>
      <div data-amount>
        {b.pricing && <s>{money(b.pricing.baseMinor, b.currency)}</s>} {money(b.amountMinor, b.currency)}
        {b.pricing?.discounts.map((d) => (
          <span key={d.kind + (d.code ?? "")} class="discount"> −{money(d.amountMinor, b.currency)} {d.code ?? word(d.kind)}</span>
        ))}
      </div>
      {b.status === "PENDING_PAY" && b.holdExpiresAt && (
        <div>
          {t("holdEnds")} {countdown(b.holdExpiresAt, p.now)}
        </div>
      )}
      {b.status === "PENDING_PAY" && <Pay bookingId={b.bookingId} act={p.act} />}
      {(b.status === "PENDING_PAY" || b.status === "PAID") && (
        <button class="quiet" onClick={() => p.act(() => api.cancel(b.bookingId))}>
          {t("cancel")}
          {b.status === "PAID" && ` (${t("refundOf")} ${money(refundNow(b, p.now), b.currency)})`}
        </button>
      )}
      {(b.status === "PENDING_PAY" || b.status === "PAID") && <Move b={b} slots={p.slots} act={p.act} />}
      {b.status === "PAID" && <Ticket bookingId={b.bookingId} />}
    </li>
  );
}

/** My notifications, newest first, read every 15 s. */
function Notices() {
  const notices = usePoll(() => api.myNotifications(), 15000, []);
  return (
    <section aria-labelledby="notices-h">
      <h2 id="notices-h">{t("notifications")}</h2>
      <ul class="cards">
        {(notices.value?.items ?? []).slice(0, 10).map((n) => (
          <li class="card" key={n.notificationId}>
            <div>{n.subject}</div>
            <div class="status">{word(n.channel)} · {word(n.status)}</div>
          </li>
        ))}
      </ul>
      {notices.value?.items.length === 0 && <p>{t("none")}</p>}
    </section>
  );
}

/**
 * Pay: the deployment's default provider, or WeChat Pay or Stripe by choice. Their answer carries the
 * parameters a payment sheet needs (wx.requestPayment, Stripe.js), shown here; locally the
 * provider pays at once.
 */
function Pay(p: { bookingId: string; act: (w: () => Promise<unknown>) => Promise<void> }) {
  const [provider, setProvider] = useState("");
  const [client, setClient] = useState<Record<string, unknown> | null>(null);
  const [split, setSplit] = useState("");
  return (
    <span class="move">
      <label>
        <span class="sr">{t("payWith")}</span>
        <select aria-label={t("payWith")} value={provider} onChange={(e) => setProvider((e.target as HTMLSelectElement).value)}>
          <option value="">—</option>
          <option value="wechatpay">{t("wechatPay")}</option>
          <option value="stripe">Stripe</option>
          <option value="wallet">{t("wallet")}</option>
          <option value="wallet+wechatpay">{t("walletThen")} {t("wechatPay")}</option>
          <option value="wallet+stripe">{t("walletThen")} Stripe</option>
        </select>
      </label>
      <button onClick={() => p.act(async () => {
        const [first, rest] = provider.split("+");
        const paid = await api.pay(p.bookingId, first || undefined, rest);
        setClient(paid.client ?? null);
        setSplit(paid.walletPart
          ? `${money(paid.walletPart.amountMinor, paid.currency)} ${t("fromWallet")}; ` +
            `${money(paid.amountMinor, paid.currency)} ${t("restBy")} ${rest === "stripe" ? "Stripe" : t("wechatPay")}`
          : "");
      })}>{t("pay")}</button>
      {split && <span class="split" data-split>{split}</span>}
      {client && Object.keys(client).length > 0 && (
        <details>
          <summary>{t("clientParams")}</summary>
          <pre>{JSON.stringify(client, null, 2)}</pre>
        </details>
      )}
    </span>
  );
}
